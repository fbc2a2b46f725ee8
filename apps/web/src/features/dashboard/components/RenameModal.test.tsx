import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../lib/toasts';
import { renderWithApp } from '../../../test/render';
import { isValidPlanetName } from '../api/rename-planet';
import { RenameModal } from './RenameModal';

describe('planet rename', () => {
  it('accepts 3 to 20 characters once trimmed', () => {
    expect(isValidPlanetName('abc')).toBe(true);
    expect(isValidPlanetName('a'.repeat(20))).toBe(true);
    expect(isValidPlanetName('  ab  ')).toBe(false);
    expect(isValidPlanetName('a'.repeat(21))).toBe(false);
  });

  it("shows 'Veuillez entrer un nom valide' and disables saving for a short name", async () => {
    renderWithApp(<RenameModal opened currentName="Planète mère" onClose={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Nouveau nom' });
    await userEvent.clear(input);
    await userEvent.type(input, 'ab');
    expect(screen.getByText('Veuillez entrer un nom valide')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  });

  describe('the rule and the answer', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('shows the rule with a counter, takes no more than 20 characters, and confirms with a toast', async () => {
      const sent: unknown[] = [];
      vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body);
        return Promise.resolve(
          new Response(JSON.stringify({ data: {} }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      });
      const show = vi.spyOn(toasts, 'show');
      const onClose = vi.fn();
      renderWithApp(<RenameModal opened currentName="Home" onClose={onClose} />);
      const input = screen.getByRole('textbox', { name: 'Nouveau nom' });
      expect(screen.getByText('De 3 à 20 caractères (4/20)')).toBeInTheDocument();
      await userEvent.clear(input);
      await userEvent.type(input, 'x'.repeat(30));
      expect(input).toHaveValue('x'.repeat(20));
      expect(screen.getByText('De 3 à 20 caractères (20/20)')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
      await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(sent).toEqual([{ name: 'x'.repeat(20) }]);
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'success', title: 'Planète renommée' }),
      );
      show.mockRestore();
    });
  });
});
