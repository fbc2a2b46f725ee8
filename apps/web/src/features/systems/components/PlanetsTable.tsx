import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconFlag, IconParking, IconPick, IconSword, IconTruck } from '@tabler/icons-react';
import type { SystemPlanet } from '@starhold/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appLocale, formatDateTime, formatInteger } from '../../../lib/format';
import { planetActivity } from '../model/activity';
import { actionsFor, type FleetAction } from '../../fleets';
import { planetTypeName, raceName } from '../../../lib/names';

interface PlanetsTableProps {
  orbits: readonly SystemPlanet[];
  now: number;
  onAction: (orbit: SystemPlanet, action: FleetAction) => void;
  /** Cards instead of a table, for phones. */
  compact: boolean;
}

export function PlanetsTable({ orbits, now, onAction, compact }: PlanetsTableProps) {
  const { t } = useTranslation('systems');
  if (compact) {
    return (
      <Stack gap="xs" data-testid="planets-table">
        {orbits.map((orbit) => (
          <PlanetCard key={orbit.index} orbit={orbit} now={now} onAction={onAction} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="planets-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ key }) => (
              <Table.Th key={key}>{t(`detail.columns.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orbits.map((orbit) => (
            <PlanetRow key={orbit.index} orbit={orbit} now={now} onAction={onAction} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Dash() {
  return <Text c="dimmed">—</Text>;
}

const ACTION_LOOK: Record<FleetAction, { icon: ReactNode; color: string }> = {
  attack: { icon: <IconSword size={14} />, color: 'red' },
  park: { icon: <IconParking size={14} />, color: 'blue' },
  spy: { icon: <IconEye size={14} />, color: 'grape' },
  transport: { icon: <IconTruck size={14} />, color: 'teal' },
  colonize: { icon: <IconFlag size={14} />, color: 'green' },
  exploit: { icon: <IconPick size={14} />, color: 'yellow' },
};

/** The orbit's missions; an empty orbit with no debris only shows its name. */
export function fleetActions(orbit: SystemPlanet): FleetAction[] {
  return actionsFor({ hasPlanet: orbit.planet !== null, hasDebris: orbit.debris.length > 0 });
}

interface CellProps {
  orbit: SystemPlanet;
  now: number;
  onAction: (orbit: SystemPlanet, action: FleetAction) => void;
}

function NameCell({ orbit }: CellProps) {
  const { t } = useTranslation('systems');
  return orbit.planet ? (
    <Stack gap={0}>
      <Text fw={600}>{orbit.planet.name}</Text>
      <Text size="xs" c="dimmed">
        {t('detail.orbit', { index: orbit.index })}
      </Text>
    </Stack>
  ) : (
    <Text size="sm" c="dimmed" fs="italic">
      {t('detail.emptyOrbitAt', { index: orbit.index })}
    </Text>
  );
}

function TypeCell({ orbit }: CellProps) {
  const { t } = useTranslation('systems');
  const type = orbit.planet?.planet_type.name;
  return type ? <Text size="sm">{planetTypeName(t, type)}</Text> : <Dash />;
}

function AccountCell({ orbit }: CellProps) {
  const { t } = useTranslation('systems');
  const account = orbit.planet?.account;
  if (!account) return <Dash />;
  return (
    <Stack gap={2}>
      <Anchor
        component={Link}
        to={account.is_me ? '/profile' : `/accounts/${account.id}`}
        fw={600}
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
      >
        {account.is_me ? t('detail.mine', { username: account.username }) : account.username}
      </Anchor>
      <Text size="xs" c="dimmed">
        {raceName(t, account.race.id)}
      </Text>
    </Stack>
  );
}

function StatusCell({ orbit, now }: CellProps) {
  const { t } = useTranslation('systems');
  if (!orbit.planet) return <Dash />;
  const activity = planetActivity(orbit.planet.last_visit, now);
  return (
    <Badge color={activity === 'active' ? 'green' : 'gray'} variant="light">
      {t(`detail.${activity}`)}
    </Badge>
  );
}

function LastVisitCell({ orbit }: CellProps) {
  const { t, i18n } = useTranslation('systems');
  if (!orbit.planet) return <Dash />;
  const { last_visit: lastVisit } = orbit.planet;
  return (
    <Text size="sm">
      {lastVisit ? formatDateTime(lastVisit, { locale: appLocale(i18n.language) }) : t('detail.never')}
    </Text>
  );
}

function DebrisCell({ orbit }: CellProps) {
  const { t, i18n } = useTranslation('systems');
  const { debris } = orbit;
  if (debris.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        0
      </Text>
    );
  }
  return (
    <Tooltip
      events={{ hover: true, focus: true, touch: true }}
      label={
        <Stack gap={2}>
          {debris.map((field) => (
            <Text key={field.resource.id} size="xs">
              {t('detail.debrisAmount', {
                resource: t(`resources.${field.resource.id}`, { defaultValue: field.resource.name }),
                amount: formatInteger(field.amount, appLocale(i18n.language)),
              })}
            </Text>
          ))}
        </Stack>
      }
    >
      <Badge
        color="yellow"
        variant="light"
        style={{ cursor: 'help' }}
        tabIndex={0}
        aria-label={t('detail.debrisFields', { count: debris.length })}
        data-testid="debris-count"
      >
        {debris.length}
      </Badge>
    </Tooltip>
  );
}

function ActionsCell({ orbit, onAction }: CellProps) {
  const { t } = useTranslation('systems');
  const actions = fleetActions(orbit);
  if (actions.length === 0) return <Dash />;
  return (
    <Group gap={6}>
      {actions.map((action) => (
        <Button
          key={action}
          size="compact-xs"
          variant="light"
          color={ACTION_LOOK[action].color}
          leftSection={ACTION_LOOK[action].icon}
          onClick={() => onAction(orbit, action)}
        >
          {t(`detail.actions.${action}`)}
        </Button>
      ))}
    </Group>
  );
}

const COLUMNS = [
  { key: 'name', Cell: NameCell },
  { key: 'type', Cell: TypeCell },
  { key: 'account', Cell: AccountCell },
  { key: 'status', Cell: StatusCell },
  { key: 'lastVisit', Cell: LastVisitCell },
  { key: 'debris', Cell: DebrisCell },
  { key: 'actions', Cell: ActionsCell },
] as const;

function PlanetRow(props: CellProps) {
  return (
    <Table.Tr data-testid="planet-row" data-empty={props.orbit.planet === null || undefined}>
      {COLUMNS.map(({ key, Cell }) => (
        <Table.Td key={key}>
          <Cell {...props} />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** At 768 px or less each orbit is a card: seven columns do not fit a phone. */
function PlanetCard(props: CellProps) {
  const { t } = useTranslation('systems');
  if (!props.orbit.planet && props.orbit.debris.length === 0) {
    return (
      <Paper px="md" py="xs" withBorder data-testid="planet-row" bg="transparent">
        <Group justify="space-between" wrap="nowrap">
          <NameCell {...props} />
          <ActionsCell {...props} />
        </Group>
      </Paper>
    );
  }
  return (
    <Paper p="md" withBorder data-testid="planet-row">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <NameCell {...props} />
          <StatusCell {...props} />
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          {COLUMNS.slice(1, 6)
            .filter(({ key }) => key !== 'status')
            .map(({ key, Cell }) => (
              <Stack key={key} gap={2}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t(`detail.columns.${key}`)}
                </Text>
                <Cell {...props} />
              </Stack>
            ))}
        </SimpleGrid>
        <ActionsCell {...props} />
      </Stack>
    </Paper>
  );
}
