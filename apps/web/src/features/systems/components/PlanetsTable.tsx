import { Anchor, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconParking, IconPick, IconSword } from '@tabler/icons-react';
import type { SystemPlanet } from '@starhold/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { planetActivity } from '../model/activity';
import type { FleetAction } from './FleetsComingModal';

const amountFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

interface PlanetsTableProps {
  orbits: readonly SystemPlanet[];
  now: number;
  onAction: (action: FleetAction) => void;
}

export function PlanetsTable({ orbits, now, onAction }: PlanetsTableProps) {
  const { t } = useTranslation('systems');
  const columns = ['name', 'type', 'account', 'status', 'lastVisit', 'debris', 'actions'] as const;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="planets-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{t(`detail.columns.${column}`)}</Table.Th>
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

function PlanetRow({ orbit, now, onAction }: { orbit: SystemPlanet; now: number; onAction: (action: FleetAction) => void }) {
  const { t } = useTranslation('systems');
  const { planet, debris } = orbit;
  const activity = planet ? planetActivity(planet.last_visit, now) : null;
  const actions: { action: FleetAction; icon: ReactNode; color: string }[] = [];
  if (planet) {
    actions.push(
      { action: 'attack', icon: <IconSword size={14} />, color: 'red' },
      { action: 'park', icon: <IconParking size={14} />, color: 'blue' },
      { action: 'spy', icon: <IconEye size={14} />, color: 'grape' },
    );
  }
  if (debris.length > 0) actions.push({ action: 'exploit', icon: <IconPick size={14} />, color: 'yellow' });

  return (
    <Table.Tr data-testid="planet-row">
      <Table.Td>
        <Stack gap={0}>
          <Text fw={600} fs={planet ? undefined : 'italic'} c={planet ? undefined : 'dimmed'}>
            {planet ? planet.name : t('detail.emptyOrbit')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('detail.orbit', { index: orbit.index })}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{planet ? t(`planetTypes.${planet.planet_type.name}`, { defaultValue: planet.planet_type.name }) : <Dash />}</Table.Td>
      <Table.Td>
        {planet ? (
          <Stack gap={2}>
            <Anchor
              component={Link}
              to={planet.account.is_me ? '/profile' : `/accounts/${planet.account.id}`}
              fw={600}
              size="sm"
            >
              {planet.account.username}
              {planet.account.is_me ? ` (${t('detail.you')})` : ''}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t(`races.${planet.account.race.id}`, { defaultValue: String(planet.account.race.id) })}
            </Text>
          </Stack>
        ) : (
          <Dash />
        )}
      </Table.Td>
      <Table.Td>
        {activity ? (
          <Badge color={activity === 'active' ? 'green' : 'gray'} variant="light">
            {t(`detail.${activity}`)}
          </Badge>
        ) : (
          <Dash />
        )}
      </Table.Td>
      <Table.Td>
        {planet ? (
          <Text size="sm">{planet.last_visit ? formatDateTime(planet.last_visit) : t('detail.never')}</Text>
        ) : (
          <Dash />
        )}
      </Table.Td>
      <Table.Td>
        {debris.length > 0 ? (
          <Tooltip
            label={
              <Stack gap={2}>
                {debris.map((field) => (
                  <Text key={field.resource.id} size="xs">
                    {t('detail.debrisAmount', {
                      resource: t(`resources.${field.resource.id}`, { defaultValue: field.resource.name }),
                      amount: amountFormat.format(field.amount),
                    })}
                  </Text>
                ))}
              </Stack>
            }
          >
            <Badge color="yellow" variant="light" style={{ cursor: 'help' }} data-testid="debris-count">
              {debris.length}
            </Badge>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            0
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {actions.length > 0 ? (
          <Group gap={6} wrap="nowrap">
            {actions.map(({ action, icon, color }) => (
              <Button
                key={action}
                size="compact-xs"
                variant="light"
                color={color}
                leftSection={icon}
                onClick={() => onAction(action)}
              >
                {t(`detail.actions.${action}`)}
              </Button>
            ))}
          </Group>
        ) : (
          <Dash />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
