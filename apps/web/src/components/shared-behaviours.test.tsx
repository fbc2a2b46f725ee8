import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { AppModal } from './AppModal';
import { ExpandableCard } from './ExpandableCard';
import { PasswordField } from './fields';
import { SEARCH_DEBOUNCE_MS, SearchableSelect } from './SearchableSelect';
import { Spinner } from './Spinner';

describe('shared interface behaviours', () => {
  it('closes the modal with Escape, and not when Escape is disabled', () => {
    const onClose = vi.fn();
    const { rerender } = renderWithApp(
      <AppModal opened onClose={onClose} title="Titre">
        contenu
      </AppModal>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(
      <AppModal opened onClose={onClose} title="Titre" closeOnEscape={false} closeButton={false}>
        contenu
      </AppModal>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Fermer' })).not.toBeInTheDocument();
  });

  it('toggles the password visibility', () => {
    renderWithApp(<PasswordField label="Mot de passe" defaultValue="Secret123" />);
    const input = screen.getByLabelText('Mot de passe');
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Afficher ou masquer le mot de passe' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('shows the invalid feedback of a field', () => {
    renderWithApp(<PasswordField label="Mot de passe" invalid feedback="Trop court" hint="8 caractères" />);
    expect(screen.getByText('Trop court')).toBeInTheDocument();
    expect(screen.getByText('8 caractères')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reports the searched text once typing pauses for a second', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderWithApp(<SearchableSelect label="Système" data={['Kepler', 'Tau Ceti']} onSearch={onSearch} />);
    const typed = performance.now();
    await user.type(screen.getByRole('combobox', { name: 'Système' }), 'Kep');
    expect(onSearch).not.toHaveBeenCalledWith('Kep');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('Kep'), {
      timeout: SEARCH_DEBOUNCE_MS * 2,
    });
    expect(performance.now() - typed).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS);
  });

  it('shows the French no-options message', async () => {
    const user = userEvent.setup();
    renderWithApp(<SearchableSelect label="Système" data={['Kepler']} />);
    await user.type(screen.getByRole('combobox', { name: 'Système' }), 'zzz');
    expect(screen.getByText('Aucune option')).toBeInTheDocument();
  });

  it("labels the spinner 'Chargement...'", () => {
    renderWithApp(<Spinner />);
    expect(screen.getByRole('status', { name: 'Chargement...' })).toBeInTheDocument();
  });

  it('expands and compresses a card', () => {
    renderWithApp(<ExpandableCard header="Flotte">Détails</ExpandableCard>);
    const toggle = screen.getByRole('button', { name: 'Replier' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Déplier' })).toHaveAttribute('aria-expanded', 'false');
  });
});
