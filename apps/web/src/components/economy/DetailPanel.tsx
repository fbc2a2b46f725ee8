import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { Damage, Layer, ModuleDetail } from '@starhold/contract';
import { IconAlertTriangle, IconArrowUp, IconHammer, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/me';
import { systemClock } from '../../lib/clock';
import { abbreviateNumber } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { AppModal } from '../AppModal';
import { Spinner } from '../Spinner';
import { blockedReason, type EconomyState } from './blocked-reason';
import { BlockedReasonText } from './BlockedReasonText';
import { formatBuildTime, type Stock } from './economy-format';
import { factoryTextValues, LevelEffect } from './LevelEffect';
import { useAmountText } from './ModuleGrid';
import { ModuleImage } from './ModuleImage';
import { useDamages, useLayers, useModuleDetail, useRequirements } from './module-api';
import { MODULE_KINDS, type ModuleKind } from './module-kinds';
import { moduleTextKey, toModuleView } from './module-view';
import { queueWaitSeconds } from './queue-wait';
import classes from './economy.module.css';

/** Resistance ids 1..4 map to these badge colours (SPEC 2). */
export const RESISTANCE_COLORS: Record<number, string> = { 1: 'red', 2: 'gray', 3: 'yellow', 4: 'cyan' };

interface DetailPanelProps {
  kind: ModuleKind;
  id: number | undefined;
  stocks: Stock[];
  /** The screen's state, for the reason an action is refused as the stocks grow. */
  economy?: EconomyState;
  /** The player's race: building names in the prerequisites differ by race. */
  raceId: number;
  /** A start or demolish is under way. */
  busy: boolean;
  onClose: () => void;
  onDevelop: (id: number) => void;
  onDemolish: (id: number) => void;
}

function ResistanceBadges({ resistances }: { resistances: { resistance: { id: number }; value: number }[] }) {
  const { t } = useTranslation('economy');
  return (
    <Group gap={4}>
      {resistances.map((entry) => (
        <Badge
          key={entry.resistance.id}
          size="sm"
          variant="light"
          color={RESISTANCE_COLORS[entry.resistance.id] ?? 'gray'}
        >
          {t(`resistance.${entry.resistance.id}`)} {entry.value}%
        </Badge>
      ))}
    </Group>
  );
}

function RequirementsTab({ kind, id, raceId }: { kind: ModuleKind; id: number; raceId: number }) {
  const { t } = useTranslation('economy');
  const query = useRequirements(kind, id, true);
  if (query.isPending) return <Spinner centered />;
  const data = query.data;
  if (!data) return null;
  const rows = [
    ...data.building_requirements.map((r) => ({
      key: `b${r.building.id}`,
      name: t(`${moduleTextKey('buildings', r.building.id, raceId)}.name`),
      nameKey: { kind: 'buildings' as const, id: r.building.id },
      current: r.current_level,
      level: r.level,
    })),
    ...data.research_requirements.map((r) => ({
      key: `r${r.required_research_id}`,
      name: t(`${moduleTextKey('researchs', r.required_research_id, 1)}.name`),
      nameKey: { kind: 'researchs' as const, id: r.required_research_id },
      current: r.current_level,
      level: r.level,
    })),
  ];
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('detail.noRequirements')}
      </Text>
    );
  return (
    <Stack gap={6}>
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={`${MODULE_KINDS[row.nameKey.kind].route}?id=${row.nameKey.id}`}
            size="sm"
          >
            {row.name}
          </Anchor>
          <Badge color={row.current >= row.level ? 'green' : 'red'} variant="light">
            {row.current}/{row.level}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

function DamagesTab({ damages }: { damages: Damage[] | undefined }) {
  const { t } = useTranslation('economy');
  if (!damages) return <Spinner centered />;
  return (
    <Table>
      <Table.Tbody>
        {damages.map((damage) => (
          <Table.Tr key={damage.id}>
            <Table.Td>
              <Badge variant="light" color={RESISTANCE_COLORS[damage.resistance.id] ?? 'gray'}>
                {t(`resistance.${damage.resistance.id}`)}
              </Badge>
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {abbreviateNumber(damage.value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function LayersTab({ layers }: { layers: Layer[] | undefined }) {
  const { t } = useTranslation('economy');
  if (!layers) return <Spinner centered />;
  return (
    <Stack gap="sm">
      {layers.map((layer) => (
        <Stack key={layer.id} gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t(`layer.${layer.id}`)}
            </Text>
            <Text size="sm" ff="monospace">
              {abbreviateNumber(layer.value)}
            </Text>
          </Group>
          <ResistanceBadges resistances={layer.resistances} />
        </Stack>
      ))}
    </Stack>
  );
}

function ShipFacts({ detail }: { detail: ModuleDetail }) {
  const { t } = useTranslation('economy');
  if (!('ship' in detail)) return null;
  const yesNo = (flag: boolean) => (flag ? t('yes') : t('no'));
  const facts: [string, string][] = [
    [t('ship.speed'), abbreviateNumber(detail.ship.speed)],
    [t('ship.consumption'), String(detail.ship.consumption_per_ua)],
    [t('ship.canColonize'), yesNo(detail.ship.can_colonize)],
    [t('ship.canExploit'), yesNo(detail.ship.can_exploit)],
    [t('ship.canSpy'), yesNo(detail.ship.can_spy)],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid="ship-facts">
      <Table.Tbody>
        {facts.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td c="dimmed" fz="sm">
              {label}
            </Table.Td>
            <Table.Td fz="sm" ta="right" fw={600}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DetailBody({
  kind,
  id,
  stocks,
  economy,
  raceId,
  busy,
  onDevelop,
  onDemolish,
}: Omit<DetailPanelProps, 'onClose' | 'id'> & { id: number }) {
  const { t, i18n } = useTranslation('economy');
  const info = MODULE_KINDS[kind];
  const query = useModuleDetail(kind, id);
  const [tab, setTab] = useState<string | null>('overview');
  const [confirming, setConfirming] = useState(false);
  const amountText = useAmountText(kind);
  const damages = useDamages(kind, id, info.combat && tab === 'damages');
  const layers = useLayers(kind, id, info.combat && tab === 'layers');
  const gameSpeed = useMe().data?.game_speed;
  const now = useNow(systemClock, 5000);
  if (query.isPending) return <Spinner centered />;
  if (!query.data) return null;
  const detail = query.data;
  const view = toModuleView(detail);
  const textKey = moduleTextKey(kind, id, view.raceId);
  const name = t(`${textKey}.name`);
  // A factory's formula is given at this game's speed: shown once the speed is known.
  const hasDetail = i18n.exists(`${textKey}.detail`) && (kind !== 'factories' || gameSpeed !== undefined);
  const reason = economy ? blockedReason(kind, view, economy) : undefined;
  const allowed = reason === undefined ? view.canBeImproved : reason === null;
  const canAct = allowed && !busy;
  // A level joining a non-empty queue is allowed now and starts after the items ahead.
  const queueAhead = economy && !info.units && allowed ? economy.queueLength : 0;
  // ...and that is a time: the rest of the items ahead by the rules formulas (decision 240).
  const queueWait =
    queueAhead > 0 && economy?.queue && economy.buildingLevels && gameSpeed !== undefined
      ? queueWaitSeconds(economy.queue, economy.buildingLevels, gameSpeed, now)
      : undefined;
  return (
    <Stack gap="md">
      <div className={classes.detailHeader}>
        <ModuleImage folder={info.imageFolder} id={id} raceId={view.raceId} size="lg" alt={name} />
        <Stack gap={6} style={{ flex: 1 }} className={classes.detailInfo}>
          <Text fw={800} size="xl" data-testid="detail-name">
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`${textKey}.description`)}
          </Text>
          <Group gap="xs">
            <Badge variant="outline" data-testid="detail-amount">
              {amountText(view)}
            </Badge>
            {view.pending > 0 && (
              <Badge variant="light">{t('item.inProgress', { count: view.pending })}</Badge>
            )}
          </Group>
          <ShipFacts detail={detail} />
        </Stack>
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">{t('tabs.overview')}</Tabs.Tab>
          {hasDetail && <Tabs.Tab value="detail">{t('tabs.detail')}</Tabs.Tab>}
          {info.requirements && <Tabs.Tab value="requirements">{t('tabs.requirements')}</Tabs.Tab>}
          {info.combat && <Tabs.Tab value="damages">{t('tabs.damages')}</Tabs.Tab>}
          {info.combat && <Tabs.Tab value="layers">{t('tabs.layers')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="sm">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {info.units
                ? t('detail.unitCost')
                : t('detail.nextLevel', { level: view.amount + view.pending + 1 })}
            </Text>
            <Group gap="xs">
              {view.costs.map((cost) => {
                const stock = stocks.find((entry) => entry.resourceId === cost.resourceId);
                const enough = (stock?.value ?? 0) >= cost.amount;
                return (
                  <Anchor
                    key={cost.resourceId}
                    component={Link}
                    to={`/planet/factories?resource=${cost.resourceId}`}
                    underline="never"
                  >
                    <Badge size="lg" variant="light" color={enough ? 'green' : 'red'} data-testid="cost">
                      {t(`common:resources.names.${cost.resourceId}`)} {abbreviateNumber(cost.amount)}
                    </Badge>
                  </Anchor>
                );
              })}
            </Group>
            <Group gap="lg">
              <Text size="sm">
                <Text span c="dimmed">
                  {t('detail.buildTime')}{' '}
                </Text>
                <Text span fw={700} data-testid="build-time">
                  {formatBuildTime(view.time)}
                </Text>
              </Text>
              <Text size="sm" span>
                <Text span c="dimmed">
                  {t('detail.wait')}{' '}
                </Text>
                <Text span fw={700} data-testid="wait-estimate">
                  {reason
                    ? reason.kind === 'resources' && reason.wait.kind !== 'no-production'
                      ? t('detail.in', { time: formatBuildTime(reason.wait.seconds) })
                      : t('detail.blocked')
                    : queueAhead > 0
                      ? queueWait === undefined
                        ? t('detail.afterQueue', { count: queueAhead })
                        : t('detail.afterQueueIn', { count: queueAhead, time: formatBuildTime(queueWait) })
                      : t('detail.ready')}
                </Text>
              </Text>
            </Group>
            {reason && <BlockedReasonText reason={reason} raceId={raceId} size="sm" />}
            <LevelEffect kind={kind} detail={detail} economy={economy} />
          </Stack>
        </Tabs.Panel>
        {hasDetail && (
          <Tabs.Panel value="detail" pt="sm">
            <Text size="sm">{t(`${textKey}.detail`, factoryTextValues(kind, id, gameSpeed))}</Text>
          </Tabs.Panel>
        )}
        {info.requirements && (
          <Tabs.Panel value="requirements" pt="sm">
            <RequirementsTab kind={kind} id={id} raceId={raceId} />
          </Tabs.Panel>
        )}
        {info.combat && (
          <Tabs.Panel value="damages" pt="sm">
            <DamagesTab damages={damages.data} />
          </Tabs.Panel>
        )}
        {info.combat && (
          <Tabs.Panel value="layers" pt="sm">
            <LayersTab layers={layers.data} />
          </Tabs.Panel>
        )}
      </Tabs>
      <Group justify="flex-end">
        {info.demolish && (
          <Button
            variant="outline"
            color="red"
            leftSection={<IconHammer size={16} />}
            disabled={!canAct || view.amount === 0 || view.pending > 0}
            onClick={() => setConfirming(true)}
          >
            {t('actions.demolish')}
          </Button>
        )}
        <Button
          leftSection={info.units ? <IconPlus size={16} /> : <IconArrowUp size={16} />}
          disabled={!canAct}
          loading={busy}
          onClick={() => onDevelop(id)}
        >
          {info.units ? t('actions.order') : t('actions.develop')}
        </Button>
      </Group>
      <AppModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('demolish.title', { name })}
        centered
      >
        <Stack>
          <Alert
            color="yellow"
            icon={
              <ThemeIcon color="yellow" variant="light" size="sm">
                <IconAlertTriangle size={16} />
              </ThemeIcon>
            }
            title={t('demolish.irreversible')}
          >
            {t('demolish.message', { name, level: view.amount })}
          </Alert>
          {/* The spec reverses the usual order: confirm stands left of cancel. */}
          <Group justify="flex-start" style={{ flexDirection: 'row-reverse' }}>
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirming(false);
                onDemolish(id);
              }}
            >
              {t('demolish.confirm')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

/** The detail drawer of a module screen; open while `id` is set. */
export function DetailPanel(props: DetailPanelProps) {
  const { t } = useTranslation('economy');
  return (
    <Drawer
      opened={props.id !== undefined}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={t('detail.title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {props.id !== undefined && <DetailBody {...props} id={props.id} />}
    </Drawer>
  );
}
