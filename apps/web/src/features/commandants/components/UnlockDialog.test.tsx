import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommandantAvailability } from '@starhold/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { UnlockDialog } from './UnlockDialog';

const geologist: CommandantAvailability = {
  commandant: { id: 1, name: 'geologist', nmi_daily: 10, nmi_weekly: 50, nmi_monthly: 150, nmi_yearly: 1200 },
  available: false,
  available_until: null,
};

function open(balance = 100) {
  const onClose = vi.fn();
  const onSubmit = vi.fn();
  renderWithApp(
    <UnlockDialog
      item={geologist}
      balance={balance}
      submitting={false}
      onClose={onClose}
      onSubmit={onSubmit}
    />,
  );
  return { onClose, onSubmit };
}

describe('UnlockDialog', () => {
  it('keeps the next step disabled until a duration is chosen, showing each price', async () => {
    open();
    expect(await screen.findByText('Débloquer Géologue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeDisabled();
    expect(screen.getByText('10 NMI')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /1 semaine/ }));
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeEnabled();
  });

  it('confirms with the price and balance after, then submits the chosen duration code', async () => {
    const { onSubmit } = open();
    await userEvent.click(await screen.findByRole('radio', { name: /1 semaine/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Débloquer Géologue pour 1 semaine contre 50 NMI ?')).toBeInTheDocument();
    expect(screen.getByText('Solde après déblocage : 50 NMI')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onSubmit).toHaveBeenCalledWith(2);
  });

  it('returns from the confirmation with back, and cancel closes without submitting', async () => {
    const { onClose, onSubmit } = open();
    await userEvent.click(await screen.findByRole('radio', { name: /1 jour/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables the durations the balance cannot pay', async () => {
    open(60);
    expect(await screen.findByRole('radio', { name: /1 mois/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /1 semaine/ })).toBeEnabled();
  });
});
