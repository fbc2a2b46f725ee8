import { Alert, Button, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Shown when a screen fails to render or its chunk cannot be loaded (typically after a new
 * version was deployed while the tab stayed open): a reload fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkMissing =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <Center mih="100dvh" p="md">
      <Stack maw={440}>
        <Alert color="red" title={t('error.title')}>
          {chunkMissing ? t('routeError.newVersion') : t('routeError.unexpected')}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
