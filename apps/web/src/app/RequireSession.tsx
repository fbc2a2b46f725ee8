import { Alert, Button, Center, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMe } from '../api/me';
import { Spinner } from '../components/Spinner';
import { ApiError } from '../lib/api-client';
import { raceThemeFromId } from '../lib/settings';
import { useRaceTheme } from './race-theme';

/**
 * Main and Second routes need a session: GET /me (after the api client's refresh attempt)
 * decides. The player's race then sets the colour theme.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const { setRace } = useRaceTheme();
  const raceId = me.data?.race.id;

  useEffect(() => {
    if (raceId !== undefined) setRace(raceThemeFromId(raceId));
  }, [raceId, setRace]);

  if (me.isPending) {
    return (
      <Center h="100dvh">
        <Spinner size="xl" />
      </Center>
    );
  }
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to="/login" replace />;
    return (
      <Center h="100dvh" p="md">
        <Stack maw={420}>
          <Alert color="red" title={t('error.title')}>
            {t('session.unavailable')}
          </Alert>
          <Button onClick={() => void me.refetch()}>{t('retry')}</Button>
        </Stack>
      </Center>
    );
  }
  return children;
}
