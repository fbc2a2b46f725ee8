import { Alert, Button, Center, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMe } from '../api/me';
import { Spinner } from '../components/Spinner';
import { ApiError } from '../lib/api-client';
import { raceThemeFromId } from '../lib/settings';
import { useRaceTheme } from './race-theme';

/** Waits before the next try after a 429, in seconds: doubling, at most a minute. */
export function busyRetryDelay(attempt: number): number {
  return Math.min(60, 5 * 2 ** attempt);
}

/**
 * A 429 on /me says the server is busy, not that the session is gone: the screen counts down (the
 * answer's Retry-After when it has one, else the backoff) and tries again by itself (the player
 * can try at once).
 */
function BusyRetry({
  attempt,
  retryAfter,
  onRetry,
}: {
  attempt: number;
  retryAfter: number | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() =>
    retryAfter === undefined ? busyRetryDelay(attempt) : Math.max(1, retryAfter),
  );
  useEffect(() => {
    const timer = setInterval(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) onRetry();
  }, [left, onRetry]);
  return (
    <Center h="100dvh" p="md">
      <Stack maw={420}>
        <Alert color="yellow" title={t('session.busyTitle')} data-testid="session-busy">
          {t('session.busy', { seconds: Math.max(0, left) })}
        </Alert>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </Stack>
    </Center>
  );
}

/**
 * Main and Second routes need a session: GET /me (after the api client's refresh attempt)
 * decides. The player's race then sets the colour theme. Once the player is known, a failed
 * refetch keeps the game on screen (only a 401 ends it); a 429 before that retries by itself.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const { setRace } = useRaceTheme();
  const raceId = me.data?.race.id;
  const [busyAttempts, setBusyAttempts] = useState(0);

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
    const status = me.error instanceof ApiError ? me.error.status : undefined;
    if (status === 401) return <Navigate to="/login" replace />;
    if (me.data !== undefined) return children;
    if (status === 429) {
      return (
        <BusyRetry
          key={busyAttempts}
          attempt={busyAttempts}
          retryAfter={me.error instanceof ApiError ? me.error.retryAfterSeconds : undefined}
          onRetry={() => {
            setBusyAttempts((attempts) => attempts + 1);
            void me.refetch();
          }}
        />
      );
    }
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
