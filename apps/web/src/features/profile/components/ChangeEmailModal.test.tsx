import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ChangeEmailModal } from './ChangeEmailModal';

function stubServer(status: number, body: unknown) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function send(user: ReturnType<typeof userEvent.setup>, email: string, password = 'Starship1') {
  if (email) await user.type(screen.getByLabelText(/^Nouvel email/), email);
  if (password) await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
}

describe('ChangeEmailModal', () => {
  it("checks the address the registration's way before sending anything", async () => {
    const fetchMock = stubServer(500, {});
    const user = userEvent.setup();
    renderWithApp(<ChangeEmailModal opened onClose={() => undefined} />);
    await send(user, 'nova@example');
    expect(screen.getByText('Veuillez entrer une adresse email valide')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the address under its field", async () => {
    stubServer(409, {
      message: 'taken',
      code: 1005,
      i18n_comment: 'EMAIL_TAKEN',
      fields: { new_email: 'EMAIL_TAKEN' },
    });
    const user = userEvent.setup();
    renderWithApp(<ChangeEmailModal opened onClose={() => undefined} />);
    await send(user, 'taken@example.org');
    const field = screen.getByLabelText(/^Nouvel email/);
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Cet email est déjà utilisé')).toBeInTheDocument();
  });

  it('replaces the form with the notice and moves the focus to its close button', async () => {
    const fetchMock = stubServer(202, { data: { ok: true } });
    const user = userEvent.setup();
    renderWithApp(<ChangeEmailModal opened onClose={() => undefined} />);
    await send(user, '  new@example.org ');
    expect(await screen.findByText(/Un lien a été envoyé à new@example.org/)).toBeInTheDocument();
    // The notice's own button (the modal's corner button has the same name, and no text).
    expect(document.activeElement).toHaveTextContent('Fermer');
    const [, init] = (fetchMock.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ new_email: 'new@example.org', password: 'Starship1' });
  });
});
