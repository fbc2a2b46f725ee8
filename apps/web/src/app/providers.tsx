import '../styles/mantine.css';
import '../styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastViewport } from '../components/toasts/ToastViewport';
import { RaceThemeProvider, useRaceTheme } from './race-theme';
import { buildTheme } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The api client already toasts failures; one retry hides nothing useful.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    },
  });
}

function ThemedMantine({ children, env }: { children: ReactNode; env?: 'test' }) {
  const { race } = useRaceTheme();
  const theme = useMemo(() => buildTheme(race), [race]);
  useEffect(() => {
    document.documentElement.dataset.race = race;
  }, [race]);
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" env={env}>
      {children}
    </MantineProvider>
  );
}

interface ProvidersProps {
  children: ReactNode;
  i18n: I18n;
  queryClient: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'test';
}

export function Providers({ children, i18n, queryClient, env }: ProvidersProps) {
  useEffect(() => {
    const sync = (language: string) => {
      document.documentElement.lang = language.startsWith('en') ? 'en' : 'fr';
    };
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [i18n]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RaceThemeProvider>
          <ThemedMantine env={env}>
            {children}
            <ToastViewport />
          </ThemedMantine>
        </RaceThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
