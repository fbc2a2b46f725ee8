import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient, Providers } from '../../app/providers';
import { createI18n } from '../../lib/i18n';
import type { Language } from '../../lib/settings';
import type { SystemListItem } from './api/get-systems';
import { requestUrl } from '../../test/request-url';

/** Renders a systems screen inside the app's providers, at `path`, with a probe for navigations. */
export function renderScreen(
  ui: ReactElement,
  {
    path = '/systems',
    route = '/systems',
    language = 'fr',
  }: { path?: string; route?: string; language?: Language } = {},
) {
  return render(
    <Providers i18n={createI18n({ language })} queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

function LocationProbe() {
  return <div data-testid="navigated" />;
}

export function listItem(id: number, name: string, overrides: Partial<SystemListItem> = {}): SystemListItem {
  return {
    id,
    name,
    position: { x: id * 100, y: id * 50 },
    security: { id: 1, name: 'high' },
    race: { id: 1 },
    connections: [],
    has_own_planet: false,
    ...overrides,
  };
}

/** GET /systems/map's columns for a list of systems. */
export function columnsOf(systems: readonly SystemListItem[]) {
  return {
    ids: systems.map((s) => s.id),
    names: systems.map((s) => s.name),
    x: systems.map((s) => s.position.x),
    y: systems.map((s) => s.position.y),
    security: systems.map((s) => s.security.id),
    race: systems.map((s) => s.race.id),
    gates: systems.flatMap((s) => s.connections.filter((id) => id > s.id).flatMap((id) => [s.id, id])),
    own: systems.filter((s) => s.has_own_planet).map((s) => s.id),
  };
}

/** A fetch double answering JSON bodies per path (query string ignored). */
export function fakeFetch(answers: Record<string, { status?: number; body: unknown }>) {
  return (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const answer = answers[url.pathname];
    if (!answer)
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'nope', code: 404, i18n_comment: 'NOT_FOUND' }), {
          status: 404,
        }),
      );
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
}
