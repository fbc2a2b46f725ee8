import type { ModuleItem } from '@starhold/contract';
import { Alert, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../api/me';
import { useQueueGuard } from '../../features/goals';
import { Spinner } from '../Spinner';
import { ConstructionQueue } from './ConstructionQueue';
import { DetailPanel } from './DetailPanel';
import { ModuleGrid } from './ModuleGrid';
import { QuantityModal } from './QuantityModal';
import {
  useCancelConstruction,
  useDemolish,
  useEconomyPlanet,
  useModuleList,
  useRefreshEconomy,
  useStartConstruction,
} from './module-api';
import { MODULE_KINDS, type ModuleKind } from './module-kinds';
import { moduleTextKey, toModuleView } from './module-view';
import { blockedReason, type BlockedReason, type EconomyState } from './blocked-reason';
import { useLiveStocks } from './use-live-stocks';

/** Levels by module id from a level list (buildings, research). */
function levelsOf(modules: ModuleItem[] | undefined): Record<number, number> | undefined {
  if (!modules) return undefined;
  return Object.fromEntries(modules.map((item) => [item.id, 'level' in item ? item.level : 0]));
}

/** Reads ?id= (and, on the factories page, ?resource=) as the selected item. */
function parseId(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d*$/.test(value)) return undefined;
  return Number(value);
}

/** One module screen: grid, queue and the detail drawer driven by the query string. */
export function ModulesScreen({ kind }: { kind: ModuleKind }) {
  const { t } = useTranslation('economy');
  const info = MODULE_KINDS[kind];
  const [params, setParams] = useSearchParams();
  const list = useModuleList(kind);
  const planet = useEconomyPlanet();
  const me = useMe();
  const start = useStartConstruction(kind);
  const demolish = useDemolish(kind);
  const cancel = useCancelConstruction(kind);
  const refreshAfterFinish = useRefreshEconomy();
  const [ordering, setOrdering] = useState<number | undefined>(undefined);
  const queueGuard = useQueueGuard();

  const items = (list.data?.modules ?? []).map(toModuleView);
  const byResource = kind === 'factories' ? parseId(params.get('resource')) : undefined;
  const resourceFactory =
    byResource === undefined
      ? undefined
      : list.data?.modules.find((item) => 'factory' in item && item.factory.resource.id === byResource)?.id;
  const selectedId = parseId(params.get('id')) ?? resourceFactory;
  const raceId = me.data?.race.id ?? 1;
  // Grown on the resource strip's tick: the buttons and the waits follow the stocks on screen.
  const stocks = useLiveStocks(planet.data?.resources);
  // Building levels also time the queue ahead of a level (command center, laboratory).
  const buildingList = useModuleList('buildings', { enabled: info.requirements || !info.units });
  // Research levels also price a factory that produces nothing yet (decision 240).
  const researchList = useModuleList('researchs', { enabled: info.requirements || kind === 'factories' });
  const economy: EconomyState | undefined =
    list.data && planet.data
      ? {
          buildingLevels: levelsOf(buildingList.data?.modules),
          researchLevels: levelsOf(researchList.data?.modules),
          constructions: planet.data.construction_lists,
          queueLength: list.data.construction_lists.length,
          queue: list.data.construction_lists,
          queueMax: list.data.max_construction_lists,
          capacityUsed: planet.data.capacity,
          capacityMax: planet.data.max_capacity,
          stocks,
        }
      : undefined;
  const reasons = new Map<number, BlockedReason | null>(
    economy ? items.map((item) => [item.id, blockedReason(kind, item, economy)]) : [],
  );
  const busy = start.isPending || demolish.isPending || queueGuard.checking;

  const closeDetail = () => setParams({}, { replace: false });
  const develop = (id: number) => {
    if (info.units) {
      setOrdering(id);
      return;
    }
    // A level that the planet will not pay at its turn says so before it is queued (issue 26).
    queueGuard.check(
      {
        typeId: info.typeId as 1 | 2 | 5,
        moduleId: id,
        name: t(`${moduleTextKey(kind, id, raceId)}.name`),
        queued: list.data?.construction_lists.length ?? 0,
      },
      () => start.mutate({ id }, { onSuccess: closeDetail }),
    );
  };
  const orderingItem = items.find((item) => item.id === ordering);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t(`screens.${kind}`)}</Title>
        <Text size="sm" c="dimmed">
          {t(`screens.${kind}Hint`)}
        </Text>
      </Group>
      {list.isPending && <Spinner centered size="lg" />}
      {list.isError && <Alert color="red">{t('loadError')}</Alert>}
      {list.data && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
            <ModuleGrid
              kind={kind}
              items={items}
              selectedId={selectedId}
              busy={busy}
              reasons={economy ? reasons : undefined}
              raceId={raceId}
              onSelect={(id) => setParams({ id: String(id) })}
              onQuickUpgrade={(item) => develop(item.id)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
            <ConstructionQueue
              kind={kind}
              items={list.data.construction_lists}
              max={list.data.max_construction_lists}
              raceId={raceId}
              cancellingId={cancel.isPending ? cancel.variables : undefined}
              onCancel={info.cancel ? (id) => cancel.mutate(id) : undefined}
              onFinish={() => void refreshAfterFinish()}
            />
          </Grid.Col>
        </Grid>
      )}
      <DetailPanel
        kind={kind}
        id={selectedId}
        stocks={stocks}
        economy={economy}
        raceId={raceId}
        busy={busy}
        onClose={closeDetail}
        onDevelop={develop}
        onDemolish={(id) => demolish.mutate(id, { onSuccess: closeDetail })}
      />
      {queueGuard.modal}
      {info.units && (
        <QuantityModal
          key={ordering}
          opened={ordering !== undefined}
          title={
            orderingItem
              ? t('quantity.title', {
                  name: t(`${moduleTextKey(kind, orderingItem.id, orderingItem.raceId)}.name`),
                })
              : ''
          }
          loading={start.isPending}
          onClose={() => setOrdering(undefined)}
          onConfirm={(quantity) => {
            if (ordering === undefined) return;
            start.mutate(
              { id: ordering, quantity },
              {
                onSuccess: () => {
                  setOrdering(undefined);
                  closeDetail();
                },
              },
            );
          }}
        />
      )}
    </Stack>
  );
}
