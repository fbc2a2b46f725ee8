import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
