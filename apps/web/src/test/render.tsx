import type { Me } from '@starhold/contract';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { createI18n } from '../lib/i18n';
import type { Language } from '../lib/settings';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  language?: Language;
  route?: string;
}

/** Renders inside the app's providers (French by default) and a memory router. */
export function renderWithApp(ui: ReactElement, { language = 'fr', route = '/', ...options }: Options = {}) {
  const i18n = createI18n({ language });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers i18n={i18n} queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </Providers>
  );
  return { ...render(ui, { wrapper, ...options }), queryClient, i18n };
}

/** GET /me of a plain player (human, no points, speed 1): the tests say only what differs. */
export const DEFAULT_ME: Me = {
  id: 1,
  username: 'Nova',
  email: 'nova@example.test',
  race: { id: 1, name: 'human' },
  focus_planet_index: 0,
  email_not_read_count: 0,
  nmi: 0,
  total_points: 0,
  economy_points: 0,
  science_points: 0,
  military_points: 0,
  game_speed: 1,
};

export function testMe(overrides: Partial<Me> = {}): Me {
  return { ...DEFAULT_ME, ...overrides };
}
