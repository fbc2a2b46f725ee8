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
