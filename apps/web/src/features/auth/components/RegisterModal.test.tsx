import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../../test/render';
import { RegisterModal } from './RegisterModal';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const me = testMe({ username: 'ada_l', email: 'ada@example.org', race: { id: 2, name: 'insectoid' } });

type Handler = (url: string, init?: RequestInit) => Response;

function mockServer(handler: Handler) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(handler(url, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderModal() {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<RegisterModal opened onClose={() => undefined} />} />
      <Route path="/" element={<p>Accueil</p>} />
    </Routes>,
    { route: '/login' },
  );
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.org');
  await user.type(screen.getByRole('textbox', { name: /Nom d'utilisateur/ }), 'ada_l');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'Starship1');
  await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'Starship1');
  await user.click(screen.getByRole('combobox', { name: /Race/ }));
  await user.click(await screen.findByRole('option', { name: 'Insectoïde' }));
}

describe('RegisterModal', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps submit disabled until the form is valid and the terms are ticked', async () => {
    mockServer(() =>
      json(200, {
        data: [
          { id: 1, name: 'human' },
          { id: 2, name: 'insectoid' },
        ],
      }),
    );
    const user = userEvent.setup();
    renderModal();
    const submit = screen.getByRole('button', { name: 'Créer mon compte' });
    expect(submit).toBeDisabled();
    await fillValidForm(user);
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'x');
    expect(submit).toBeDisabled();
  });

  it('shows the French password messages of the spec', async () => {
    mockServer(() => json(200, { data: [] }));
    const user = userEvent.setup();
    renderModal();
    const password = screen.getByLabelText(/^Mot de passe/);
    await user.type(password, 'abc');
    await user.tab();
    expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'abcdefgh');
    expect(screen.getByText('Le mot de passe doit contenir au moins une majuscule')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'abcdefgX');
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
  });

  it('loads the races only when the race menu first opens', async () => {
    const fetchMock = mockServer(() => json(200, { data: [{ id: 1, name: 'human' }] }));
    const user = userEvent.setup();
    renderModal();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('combobox', { name: /Race/ }));
    expect(await screen.findByRole('option', { name: 'Humain' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/lists/races',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('marks the race select invalid when the races cannot be loaded', async () => {
    mockServer(() => json(500, { message: 'boom', code: 1001, i18n_comment: 'SERVER_ERROR' }));
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('combobox', { name: /Race/ }));
    expect(await screen.findByText('Impossible de charger la liste des races')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Race/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('registers, keeps the player logged in and goes home', async () => {
    const fetchMock = mockServer((url) =>
      url.endsWith('/lists/races')
        ? json(200, {
            data: [
              { id: 1, name: 'human' },
              { id: 2, name: 'insectoid' },
            ],
          })
        : json(201, { data: me }),
    );
    const user = userEvent.setup();
    const { queryClient } = renderModal();
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Accueil')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/auth/register'));
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      email: 'ada@example.org',
      username: 'ada_l',
      password: 'Starship1',
      race_id: 2,
    });
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toEqual(me));
  });
});
