import { Alert, Anchor, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import type { Fleet, HostileFleet } from '@starhold/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { placeName, useSystemsById } from '../../../api/systems';
import { systemClock, type Clock } from '../../../lib/clock';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useFormatInteger } from '../../../lib/use-locale';
import { toasts } from '../../../lib/toasts';
import { useNow } from '../../../lib/use-now';
import { useFleetList, useRecallFleet } from '../api/fleets';
import { ACTION_OF_MISSION } from '../model/missions';

const MISSION_COLOR: Record<string, string> = {
  transport: 'teal',
  park: 'blue',
  attack: 'red',
  spy: 'grape',
  exploit: 'yellow',
  colonize: 'green',
};

/** Where a fleet is in its flight: the leg under way, its bounds and the time left. */
export function flightOf(
  fleet: Fleet,
  now: number,
): { start: number; end: number; left: number; progress: number } {
  const departed = Date.parse(fleet.departed_at);
  const arrives = Date.parse(fleet.arrives_at);
  const returning = fleet.state === 'returning' && fleet.returns_at !== null;
  const start = returning ? Math.min(arrives, now) : departed;
  const end = returning ? Date.parse(fleet.returns_at!) : arrives;
  const span = Math.max(1, end - start);
  const progress = Math.min(100, Math.max(0, ((now - start) / span) * 100));
  return { start, end, left: Math.max(0, Math.ceil((end - now) / 1000)), progress };
}

/** The soonest moment a listed fleet arrives or comes back, for a refetch right then. */
function nextEvent(own: readonly Fleet[], hostile: readonly HostileFleet[]): number | null {
  const times = [
    ...own.map((fleet) =>
      Date.parse(fleet.state === 'returning' ? (fleet.returns_at ?? fleet.arrives_at) : fleet.arrives_at),
    ),
    ...hostile.map((fleet) => Date.parse(fleet.arrives_at)),
  ];
  return times.length > 0 ? Math.min(...times) : null;
}

export function FleetsPage({ clock = systemClock }: { clock?: Clock }) {
  const { t } = useTranslation('fleets');
  const query = useFleetList();
  const now = useNow(clock, 1000);
  const { refetch } = query;
  const next = query.data ? nextEvent(query.data.own, query.data.hostile) : null;
  const due = next !== null && now >= next;
  // One refetch per due moment: the server has moved the fleet on by then (arrived or back).
  const refetchedFor = useRef<number | null>(null);
  useEffect(() => {
    if (due && refetchedFor.current !== next) {
      refetchedFor.current = next;
      const timer = setTimeout(() => void refetch(), 1000);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [due, next, refetch]);

  if (query.isPending) return <Spinner centered size="lg" />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="fleets-error">
        {t('page.error')}
      </Alert>
    );
  }
  const { own, hostile } = query.data;
  return (
    <Stack gap="lg">
      <Title order={2}>{t('page.title')}</Title>

      {hostile.length > 0 ? (
        <Card withBorder style={{ borderColor: 'var(--mantine-color-red-6)' }} data-testid="hostile-fleets">
          <Group gap="xs" mb="sm">
            <IconAlertTriangle size={18} color="var(--mantine-color-red-6)" />
            <Text fw={700} c="red">
              {t('page.hostile')}
            </Text>
          </Group>
          <Stack gap="xs">
            {[...hostile]
              .sort((a, b) => Date.parse(a.arrives_at) - Date.parse(b.arrives_at))
              .map((fleet) => (
                <HostileRow key={fleet.id} fleet={fleet} now={now} />
              ))}
          </Stack>
        </Card>
      ) : (
        <Text size="sm" c="dimmed" data-testid="no-hostile-fleets">
          {t('page.noHostile')}
        </Text>
      )}

      <Stack gap="sm">
        <Text fw={700}>{t('page.own')}</Text>
        {own.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-own-fleets">
            {t('page.noOwn')}
          </Text>
        ) : (
          own.map((fleet) => <OwnFleetCard key={fleet.id} fleet={fleet} now={now} />)
        )}
      </Stack>
    </Stack>
  );
}

/** The system by name ("System 12" until the cached systems list is there), linked to its screen. */
function SystemLink({ systemId, orbit }: { systemId: number; orbit?: number }) {
  const { t } = useTranslation('fleets');
  const systems = useSystemsById();
  return (
    <Anchor component={Link} to={`/systems/${systemId}`} size="sm">
      {placeName(t, systems.data, systemId, orbit)}
    </Anchor>
  );
}

function ShipList({ ships }: { ships: readonly { id: number; count: number }[] }) {
  const { t } = useTranslation('fleets');
  const formatInteger = useFormatInteger();
  return (
    <Text size="sm">
      {ships.map((ship) => `${formatInteger(ship.count)} × ${t(`modules:ships.${ship.id}.name`)}`).join(', ')}
    </Text>
  );
}

function MissionBadge({ mission }: { mission: number }) {
  const { t } = useTranslation('fleets');
  return (
    <Badge variant="light" color={MISSION_COLOR[ACTION_OF_MISSION[mission] ?? 'transport']}>
      {t(`missions.${mission}`)}
    </Badge>
  );
}

function OwnFleetCard({ fleet, now }: { fleet: Fleet; now: number }) {
  const { t } = useTranslation('fleets');
  const recall = useRecallFleet();
  const flight = flightOf(fleet, now);
  const outbound = fleet.state === 'outbound';
  return (
    <Card withBorder padding="sm" data-testid="own-fleet" data-state={fleet.state}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <MissionBadge mission={fleet.mission} />
            <Badge variant="outline" color={outbound ? 'blue' : 'gray'}>
              {t(outbound ? 'page.outbound' : 'page.returning')}
            </Badge>
          </Group>
          {outbound ? (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconArrowBackUp size={14} />}
              loading={recall.isPending}
              onClick={() =>
                recall.mutate(fleet.id, {
                  onSuccess: () =>
                    toasts.show({
                      type: 'info',
                      title: t('page.recalled'),
                      message: t('page.recalledMessage'),
                    }),
                })
              }
            >
              {t('page.recall')}
            </Button>
          ) : null}
        </Group>
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('page.origin')}
            </Text>
            <SystemLink systemId={fleet.origin.system_id} orbit={fleet.origin.orbit} />
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('page.target')}
            </Text>
            <SystemLink systemId={fleet.target.system_id} orbit={fleet.target.orbit} />
          </Stack>
        </Group>
        <ShipList ships={fleet.ships} />
        <Progress
          value={flight.progress}
          color={outbound ? 'blue' : 'gray'}
          size="sm"
          aria-label={t('page.title')}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} data-testid="fleet-countdown">
            {t(outbound ? 'page.arrivesIn' : 'page.returnsIn', { time: formatDuration(flight.left) })}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(flight.end)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

function HostileRow({ fleet, now }: { fleet: HostileFleet; now: number }) {
  const { t } = useTranslation('fleets');
  const left = Math.max(0, Math.ceil((Date.parse(fleet.arrives_at) - now) / 1000));
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="hostile-fleet">
      <Stack gap={2}>
        <Group gap="xs">
          <MissionBadge mission={fleet.mission} />
          <Text size="sm">
            <SystemLink systemId={fleet.origin.system_id} /> →{' '}
            <SystemLink systemId={fleet.target.system_id} orbit={fleet.target.orbit} />
          </Text>
        </Group>
        {fleet.ships ? (
          <ShipList ships={fleet.ships} />
        ) : (
          <Text size="xs" c="dimmed">
            {t('page.shipsUnknown')}
          </Text>
        )}
      </Stack>
      <Text fw={700} c="red" data-testid="hostile-countdown">
        {t('page.arrivesIn', { time: formatDuration(left) })}
      </Text>
    </Group>
  );
}
