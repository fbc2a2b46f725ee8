import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { DeleteAccountCard } from './DeleteAccountCard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const refusal = (status: number, key: string, code: number) => ({
  status,
  body: { message: key, code, i18n_comment: key },
});

async function confirmWith(password: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
  const field = await screen.findByLabelText(/^Mot de passe/);
  if (password) await user.type(field, password);
  await user.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
  return field;
}

describe('DeleteAccountCard', () => {
  it('asks for the password before sending anything', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<DeleteAccountCard />);
    const field = await confirmWith('');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Ce champ est obligatoire')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows a wrong password under its field, and any other refusal as an alert', async () => {
    let answer = refusal(403, 'WRONG_PASSWORD', 1200);
    const api = fakeApi({ 'DELETE /me': () => answer });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<DeleteAccountCard />);
    const field = await confirmWith('Not-mine1');
    expect(await screen.findByText('Mot de passe incorrect')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // The only alert is the modal's warning.
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    answer = refusal(429, 'TOO_MANY_REQUESTS', 1019);
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    expect(
      (await screen.findByText('Trop de tentatives, réessayez plus tard')).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(api.calls.map((call) => call.body)).toEqual([
      { password: 'Not-mine1' },
      { password: 'Not-mine1' },
    ]);
  });
});
