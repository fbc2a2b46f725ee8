import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAt,
  IconCoins,
  IconFlask,
  IconKey,
  IconMail,
  IconPlanet,
  IconSwords,
  IconTrophy,
  IconTrendingUp,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/me';
import { Spinner } from '../../../components/Spinner';
import { InfoTip } from '../../../components/InfoTip';
import { StatCard } from '../../../components/StatCard';
import { abbreviateNumber } from '../../../lib/format';
import { raceName } from '../../../lib/names';
import { ChangeEmailModal } from './ChangeEmailModal';
import { ChangePasswordModal } from './ChangePasswordModal';
import { DeleteAccountCard } from './DeleteAccountCard';
import { SessionsCard } from './SessionsCard';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const me = useMe();
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [emailOpened, emailModal] = useDisclosure(false);
  if (!me.data) return <Spinner centered size="lg" />;
  const player = me.data;
  return (
    <Stack gap="lg">
      <Title order={2}>{t('title')}</Title>
      <Card p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
          <Stack gap={4}>
            <Title order={3}>{player.username}</Title>
            <Badge variant="light" size="lg">
              {raceName(t, player.race.id, player.race.name)}
            </Badge>
          </Stack>
          <Group gap="sm">
            <Button variant="default" leftSection={<IconKey size={16} />} onClick={passwordModal.open}>
              {t('changePassword')}
            </Button>
            <Button variant="default" leftSection={<IconAt size={16} />} onClick={emailModal.open}>
              {t('email.title')}
            </Button>
          </Group>
        </Group>
        <Stack gap="xs" mt="lg" maw={520}>
          <Field label={t('fields.username')} value={player.username} />
          <Field label={t('fields.email')} value={player.email} />
          <Field label={t('fields.race')} value={raceName(t, player.race.id, player.race.name)} />
          <Field label={t('fields.id')} value={player.id} />
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label={t('fields.total')}
          value={abbreviateNumber(player.total_points)}
          icon={<IconTrophy size={22} />}
        />
        <StatCard
          label={t('fields.economy')}
          value={abbreviateNumber(player.economy_points)}
          icon={<IconTrendingUp size={22} />}
        />
        <StatCard
          label={t('fields.science')}
          value={abbreviateNumber(player.science_points)}
          icon={<IconFlask size={22} />}
        />
        <StatCard
          label={t('fields.military')}
          value={abbreviateNumber(player.military_points)}
          icon={<IconSwords size={22} />}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <StatCard
          label={t('fields.focusPlanet')}
          value={player.focus_planet_index}
          icon={<IconPlanet size={22} />}
        />
        <StatCard
          label={t('fields.unread')}
          value={player.email_not_read_count}
          icon={<IconMail size={22} />}
        />
        <StatCard
          label={t('fields.nmi')}
          value={
            <>
              {abbreviateNumber(player.nmi)}{' '}
              <InfoTip
                label={t('common:help.label', { subject: 'NMI' })}
                text={t('common:help.nmi')}
                testId="nmi-help"
              />
            </>
          }
          icon={<IconCoins size={22} />}
        />
      </SimpleGrid>
      <SessionsCard />
      <DeleteAccountCard />
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
      <ChangeEmailModal opened={emailOpened} onClose={emailModal.close} />
    </Stack>
  );
}
