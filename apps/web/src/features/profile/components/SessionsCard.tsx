import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import type { SessionInfo } from '@starhold/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { appLocale, formatDateTime } from '../../../lib/format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/account';

function SessionRow({ session, locale }: { session: SessionInfo; locale: string }) {
  const { t } = useTranslation('profile');
  const end = useEndSession();
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}
      data-testid="session-row"
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {/Android|iOS/.test(session.device ?? '') ? (
          <IconDeviceMobile size={22} style={{ flexShrink: 0 }} />
        ) : (
          <IconDeviceDesktop size={22} style={{ flexShrink: 0 }} />
        )}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {session.device ?? t('sessions.unknownDevice')}
            </Text>
            {session.current && (
              <Badge size="sm" variant="light" color="teal">
                {t('sessions.current')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('sessions.details', {
              address: session.address ?? t('sessions.unknownAddress'),
              lastUse: formatDateTime(session.last_used_at, { locale }),
            })}
          </Text>
        </Stack>
      </Group>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconLogout size={14} />}
        loading={end.isPending}
        onClick={() => end.mutate(session)}
      >
        {t('sessions.signOut')}
      </Button>
    </Group>
  );
}

/** The account's signed-in browsers, each with "sign out", and "sign out everywhere else". */
export function SessionsCard() {
  const { t, i18n } = useTranslation('profile');
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const locale = appLocale(i18n.language);
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <Card p="lg">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <div>
          <Title order={3}>{t('sessions.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('sessions.intro')}
          </Text>
        </div>
        <Button
          color="red"
          variant="light"
          leftSection={<IconLogout size={16} />}
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {t('sessions.signOutOthers')}
        </Button>
      </Group>
      {sessions.isPending ? (
        <Spinner centered />
      ) : sessions.isError ? (
        <Alert color="red">{t('sessions.failed')}</Alert>
      ) : (
        <Stack gap={0}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} locale={locale} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
