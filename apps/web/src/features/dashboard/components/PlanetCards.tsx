import { Anchor, Badge, Card, Group, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Planet } from '@starhold/contract';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clampPercent } from '../../../components/economy/economy-format';
import { InfoTip } from '../../../components/InfoTip';
import { formatDateTime } from '../../../lib/format';
import classes from './dashboard.module.css';
import { planetTypeName, raceName, securityName } from '../../../lib/names';

// Only built when the player renames: the modal (and the name rule's contract module) stay out of
// the code the dashboard's first render waits for.
const RenameModal = lazy(() => import('./RenameModal').then((module) => ({ default: module.RenameModal })));

/** Security ids: 1 high (green), 2 low (warning), 3 null (danger). */
export const SECURITY_COLORS: Record<number, string> = { 1: 'green', 2: 'yellow', 3: 'red' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.factRow}>
      <Text span c="dimmed" size="sm">
        {label}
      </Text>
      <Text span size="sm" fw={600} ta="right">
        {children}
      </Text>
    </div>
  );
}

export function PlanetCard({ planet }: { planet: Planet }) {
  const { t, i18n } = useTranslation('economy');
  const [renaming, setRenaming] = useState(false);
  const locale = i18n.language.startsWith('en') ? 'en-GB' : 'fr-FR';
  const used = clampPercent(planet.capacity, planet.max_capacity);
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
          {t('dashboard.planet')}
        </Text>
        <UnstyledButton
          onClick={() => setRenaming(true)}
          // The visible name is part of the accessible name (axe: label-content-name-mismatch).
          aria-label={`${t('dashboard.rename')} ${planet.name}`}
          title={t('dashboard.rename')}
        >
          <Group gap={6} wrap="nowrap">
            <Title order={3} className={classes.planetName} data-testid="planet-name">
              {planet.name}
            </Title>
            <IconPencil size={16} opacity={0.6} />
          </Group>
        </UnstyledButton>
        <Fact label={t('dashboard.type')}>{planetTypeName(t, planet.planet_type.name)}</Fact>
        <Fact label={t('dashboard.lastVisit')}>
          {planet.last_visit ? formatDateTime(planet.last_visit, { locale }) : t('dashboard.never')}
        </Fact>
        <Fact label={t('dashboard.race')}>{raceName(t, planet.race.id)}</Fact>
        <div>
          <Fact label={t('dashboard.capacity')}>
            <span data-testid="planet-capacity">
              {planet.capacity}/{planet.max_capacity}
            </span>{' '}
            <InfoTip
              label={t('common:help.label', { subject: t('dashboard.capacity') })}
              text={t('common:help.capacity')}
            />
          </Fact>
          <Progress value={used} mt={6} aria-label={t('dashboard.capacity')} />
        </div>
      </Stack>
      {renaming && (
        <Suspense fallback={null}>
          <RenameModal opened currentName={planet.name} onClose={() => setRenaming(false)} />
        </Suspense>
      )}
    </Card>
  );
}

export function SystemCard({ system }: { system: Planet['system'] }) {
  const { t } = useTranslation('economy');
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
          {t('dashboard.system')}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Title order={3}>{system.name}</Title>
          <Group gap={4} wrap="nowrap">
            <Badge
              color={SECURITY_COLORS[system.security.id] ?? 'gray'}
              variant="light"
              data-testid="security-badge"
            >
              {securityName(t, system.security.name)}
            </Badge>
            <InfoTip
              label={t('common:help.label', { subject: t('dashboard.security') })}
              text={t(`common:help.securityBand.${system.security.name}`)}
            />
          </Group>
        </Group>
        <Fact label={t('dashboard.race')}>{raceName(t, system.race.id)}</Fact>
        <Fact label={t('dashboard.position')}>
          x {Math.round(system.position.x)} · y {Math.round(system.position.y)}
        </Fact>
        <Anchor component={Link} to={`/systems/${system.id}`} size="sm">
          {t('dashboard.openSystem')}
        </Anchor>
      </Stack>
    </Card>
  );
}
