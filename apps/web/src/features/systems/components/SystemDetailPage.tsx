import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SystemPlanet } from '@starhold/contract';
import { DispatchModal, type DispatchTarget, type FleetAction } from '../../fleets';
import { Spinner } from '../../../components/Spinner';
import { systemClock, type Clock } from '../../../lib/clock';
import { useSystem } from '../api/get-system';
import { MOBILE_QUERY } from '../../../lib/breakpoints';
import { securityColor } from '../model/security';
import { fleetActions, PlanetsTable } from './PlanetsTable';
import { SecurityBadge } from './SecurityBadge';
import { SecurityHelp } from './SecurityHelp';

function parseSystemId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

function BackButton() {
  const { t } = useTranslation('systems');
  return (
    <Button component={Link} to="/systems" variant="default" leftSection={<IconArrowLeft size={16} />}>
      {t('detail.back')}
    </Button>
  );
}

export function SystemDetailPage({ systemId, clock = systemClock }: { systemId: string; clock?: Clock }) {
  const { t } = useTranslation('systems');
  const id = parseSystemId(systemId);
  const query = useSystem(id);
  const [dispatch, setDispatch] = useState<DispatchTarget | null>(null);
  const compact = useMediaQuery(MOBILE_QUERY) ?? false;
  // ?orbit=3&action=attack (links of the fleet reports) opens the dispatch panel on that orbit when
  // it allows the mission; closing the panel drops the parameters.
  const [search, setSearch] = useSearchParams();

  if (id === null || query.isError) {
    return (
      <Stack gap="md" maw={720}>
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title={t('detail.error')}
          data-testid="system-error"
        >
          {t('detail.errorHint')}
        </Alert>
        <Group>
          <BackButton />
        </Group>
      </Stack>
    );
  }
  if (query.isPending) return <Spinner centered size="lg" />;

  const system = query.data;
  const now = clock.now();
  const openDispatch = (orbit: SystemPlanet, action: FleetAction) =>
    setDispatch({
      systemId: system.id,
      systemName: system.name,
      orbit: orbit.index,
      actions: fleetActions(orbit),
      action,
    });
  const planets = system.system_planets.filter((orbit) => orbit.planet !== null).length;
  const linked = system.system_planets.find((entry) => String(entry.index) === search.get('orbit'));
  const linkedAction = search.get('action') as FleetAction | null;
  const fromLink: DispatchTarget | null =
    linked && linkedAction && fleetActions(linked).includes(linkedAction)
      ? {
          systemId: system.id,
          systemName: system.name,
          orbit: linked.index,
          actions: fleetActions(linked),
          action: linkedAction,
        }
      : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={2} data-testid="system-name">
              {system.name}
            </Title>
            <Badge variant="outline" color="gray" size="lg" radius="sm">
              {t('detail.id', { id: system.id })}
            </Badge>
          </Group>
          <Group gap="sm">
            <SecurityBadge name={system.security.name} />
            <SecurityHelp name={system.security.name} />
            <Text size="sm" c="dimmed">
              {t('detail.position', { x: Math.round(system.position.x), y: Math.round(system.position.y) })}
            </Text>
          </Group>
        </Stack>
        <BackButton />
      </Group>

      <Card padding={compact ? 'sm' : 'md'}>
        <Group gap="xs" mb="sm">
          <Text fw={700}>{t('detail.planets')}</Text>
          <Badge variant="light" color="gray" radius="sm">
            {t('detail.occupied', { planets: planets, orbits: system.system_planets.length })}
          </Badge>
        </Group>
        {compact ? (
          <PlanetsTable orbits={system.system_planets} now={now} onAction={openDispatch} compact />
        ) : (
          <Card.Section withBorder>
            <PlanetsTable orbits={system.system_planets} now={now} onAction={openDispatch} compact={false} />
          </Card.Section>
        )}
      </Card>

      <Card>
        <Text fw={700} mb="sm">
          {t('detail.connections')}
        </Text>
        {system.connections.length > 0 ? (
          <Group gap="xs" data-testid="system-connections">
            {system.connections.map((neighbour) => (
              <Button
                key={neighbour.id}
                component={Link}
                to={`/systems/${neighbour.id}`}
                variant="light"
                color={securityColor(neighbour.security.name)}
                rightSection={<IconArrowRight size={14} />}
                size="sm"
              >
                {neighbour.name}
              </Button>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('detail.noConnections')}
          </Text>
        )}
      </Card>

      <DispatchModal
        target={dispatch ?? fromLink}
        onClose={() => {
          setDispatch(null);
          if (search.has('action')) setSearch({}, { replace: true });
        }}
      />
    </Stack>
  );
}
