import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import {
  IconBuildingFactory2,
  IconCoins,
  IconFlask,
  IconHammer,
  IconRocket,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { CommandantAvailability, CommandantDurationCode } from '@starhold/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/me';
import { Spinner } from '../../../components/Spinner';
import { systemClock, type Clock } from '../../../lib/clock';
import { abbreviateNumber, formatDateTime, formatDuration } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { useCommandants, useUnlockCommandant } from '../api';
import { isActive, secondsLeft } from '../model/commandant-status';
import { InfoTip } from '../../../components/InfoTip';
import { UnlockDialog } from './UnlockDialog';

const ICONS: Record<string, ReactNode> = {
  geologist: <IconBuildingFactory2 size={26} />,
  architect: <IconHammer size={26} />,
  admiral: <IconRocket size={26} />,
  technocrat: <IconFlask size={26} />,
  commander: <IconUsersGroup size={26} />,
};

export const SUCCESS_TOAST_MS = 4000;
export const ERROR_TOAST_MS = 5000;
const TICK_MS = 1000;

function useNow(clock: Clock): number {
  const [now, setNow] = useState(() => clock.now());
  const interval = useInterval(() => setNow(clock.now()), TICK_MS);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval]);
  return now;
}

function CommandantCard({
  item,
  now,
  onUnlock,
}: {
  item: CommandantAvailability;
  now: number;
  onUnlock: () => void;
}) {
  const { t } = useTranslation('commandants');
  const active = isActive(item, now);
  const key = item.commandant.name;
  let availability = t('neverUnlocked');
  if (item.available_until) {
    availability = active
      ? t('availableUntil', { date: formatDateTime(item.available_until) })
      : t('expiredOn', { date: formatDateTime(item.available_until) });
  }
  return (
    <Card
      withBorder
      p="lg"
      data-testid={`commandant-${item.commandant.id}`}
      data-active={active || undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon size={48} radius="md" variant={active ? 'filled' : 'light'}>
              {ICONS[key] ?? <IconUsersGroup size={26} />}
            </ThemeIcon>
            <Title order={3} size="h4">
              {t(`names.${key}`, { defaultValue: key })}
            </Title>
          </Group>
          <Badge
            color={active ? 'green' : 'gray'}
            variant={active ? 'filled' : 'light'}
            style={{ flexShrink: 0 }}
          >
            {active
              ? t('status.active')
              : item.available_until === null
                ? t('status.available')
                : t('status.expired')}
          </Badge>
        </Group>
        <Text size="sm">{t(`effects.${key}`, { defaultValue: '' })}</Text>
        <Stack gap={2} mt="auto">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('timeLeft')}
          </Text>
          <Text ff="monospace" fw={700} size="lg" aria-live="off">
            {item.available_until === null ? '—' : formatDuration(secondsLeft(item, now))}
          </Text>
          <Text size="xs" c="dimmed">
            {availability}
          </Text>
        </Stack>
        <Button onClick={onUnlock} variant={active ? 'light' : 'filled'} fullWidth>
          {active ? t('extend') : t('unlock')}
        </Button>
      </Stack>
    </Card>
  );
}

export function CommandantsPage({ clock = systemClock }: { clock?: Clock }) {
  const { t } = useTranslation('commandants');
  const commandants = useCommandants();
  const me = useMe();
  const unlock = useUnlockCommandant();
  const now = useNow(clock);
  const [selected, setSelected] = useState<CommandantAvailability | null>(null);
  const balance = me.data?.nmi ?? 0;

  const submit = (time: CommandantDurationCode) => {
    if (!selected) return;
    const name = t(`names.${selected.commandant.name}`);
    unlock.mutate(
      { id: selected.commandant.id, time },
      {
        onSuccess: () => {
          toasts.show({
            type: 'success',
            title: t('toast.successTitle'),
            message: t('toast.success', { name, duration: t(`durations.${time}`) }),
            duration: SUCCESS_TOAST_MS,
          });
          setSelected(null);
        },
        onError: () => {
          toasts.show({
            type: 'error',
            title: t('toast.errorTitle'),
            message: t('toast.error'),
            duration: ERROR_TOAST_MS,
          });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('subtitle')}
          </Text>
        </div>
        <Card withBorder py="xs" px="md" data-testid="nmi-balance">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" color="yellow" radius="xl">
              <IconCoins size={18} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {t('balance')}
            </Text>
            <InfoTip label={t('common:help.label', { subject: 'NMI' })} text={t('common:help.nmi')} />
            <Text fw={700} ff="monospace">
              {abbreviateNumber(balance)}
            </Text>
          </Group>
        </Card>
      </Group>
      {commandants.isPending ? (
        <Spinner centered size="lg" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
          {(commandants.data ?? []).map((item) => (
            <CommandantCard
              key={item.commandant.id}
              item={item}
              now={now}
              onUnlock={() => setSelected(item)}
            />
          ))}
        </SimpleGrid>
      )}
      <UnlockDialog
        key={selected?.commandant.id ?? 0}
        item={selected}
        balance={balance}
        submitting={unlock.isPending}
        onClose={() => setSelected(null)}
        onSubmit={submit}
      />
    </Stack>
  );
}
