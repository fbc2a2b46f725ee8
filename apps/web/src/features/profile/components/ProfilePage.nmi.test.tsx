import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { markPainted } from '../../../lib/after-paint';
import { ProfilePage } from './ProfilePage';

const me = testMe({ username: 'ada', nmi: 90 });

beforeEach(() => {
  // The profile opens after the app's first frame: its tooltips are built at once (decision 202).
  markPainted();
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    const body = path === '/me' ? { data: me } : { data: [] };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfilePage: what NMI is', () => {
  it.each([
    { language: 'fr' as const, name: 'Explication : NMI', text: /monnaie premium/ },
    { language: 'en' as const, name: 'Explanation: NMI', text: /premium currency/ },
  ])('explains NMI beside the balance ($language)', async ({ language, name, text }) => {
    renderWithApp(<ProfilePage />, { language, route: '/profile' });
    const icon = await screen.findByTestId('nmi-help');
    expect(icon).toHaveAccessibleName(name);
    await userEvent.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
  });
});
