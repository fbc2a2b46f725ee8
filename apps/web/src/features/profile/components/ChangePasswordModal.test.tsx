import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ChangePasswordModal } from './ChangePasswordModal';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockServer(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(handler(url, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, repeat = next) {
  if (current) await user.type(screen.getByLabelText(/^Mot de passe actuel/), current);
  if (next) await user.type(screen.getByLabelText(/^Nouveau mot de passe/), next);
  if (repeat) await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), repeat);
  await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
}

describe('ChangePasswordModal', () => {
  it('checks the registration rules before sending anything', async () => {
    const fetchMock = mockServer(() => json(500, {}));
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordModal opened onClose={() => undefined} />);
    await fill(user, 'Old-pass1', 'lowercase1', 'lowercase2');
    expect(screen.getByText('Le mot de passe doit contenir au moins une majuscule')).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a wrong current password under its field', async () => {
    mockServer(() =>
      json(403, {
        message: 'Wrong password',
        code: 1200,
        i18n_comment: 'WRONG_PASSWORD',
        fields: { current_password: 'WRONG_PASSWORD' },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordModal opened onClose={() => undefined} />);
    await fill(user, 'Not-mine1', 'Starship2');
    expect(await screen.findByText('Mot de passe incorrect')).toBeInTheDocument();
  });

  it('sends both passwords and says how many other sessions ended', async () => {
    const fetchMock = mockServer(() => json(200, { data: { ok: true, ended: 2 } }));
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordModal opened onClose={() => undefined} />);
    await fill(user, 'Old-pass1', 'Starship2');
    expect(await screen.findByText(/2 autres sessions ont été déconnectées/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/me/password');
    expect(JSON.parse(init?.body as string)).toEqual({
      current_password: 'Old-pass1',
      new_password: 'Starship2',
    });
  });
});
