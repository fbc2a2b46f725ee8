import { Alert, Card, Grid, SimpleGrid, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/me';
import { Spinner } from '../../../components/Spinner';
import { useAfterPaint } from '../../../lib/after-paint';
import { ConstructionQueue } from '../../../components/economy/ConstructionQueue';
import {
  useCancelConstruction,
  useEconomyPlanet,
  useModuleList,
  useRefreshEconomy,
} from '../../../components/economy/module-api';
import { MODULE_KINDS, type ModuleKind } from '../../../components/economy/module-kinds';
import { GoalsPanel } from '../../goals';
import { CHART_HEIGHT } from '../model/prediction';
import { PlanetCard, SystemCard } from './PlanetCards';

// Chart.js is most of the dashboard's code: its chunk is requested as soon as the dashboard loads,
// in parallel with the planet, but the title and cards do not wait for it.
const chartModule = import('./PredictionChart');
const PredictionChart = lazy(() => chartModule.then((module) => ({ default: module.PredictionChart })));

const QUEUE_KINDS: ModuleKind[] = ['factories', 'buildings', 'researchs', 'ships', 'defenses'];

function KindQueue({ kind, raceId }: { kind: ModuleKind; raceId: number }) {
  // The queues are read once the first frame of the dashboard is drawn (decision 128).
  const painted = useAfterPaint();
  const list = useModuleList(kind, { enabled: painted });
  const cancel = useCancelConstruction(kind);
  const refresh = useRefreshEconomy();
  if (!list.data) return <Spinner />;
  return (
    <ConstructionQueue
      kind={kind}
      items={list.data.construction_lists}
      max={list.data.max_construction_lists}
      raceId={raceId}
      cancellingId={cancel.isPending ? cancel.variables : undefined}
      onCancel={MODULE_KINDS[kind].cancel ? (id) => cancel.mutate(id) : undefined}
      onFinish={() => void refresh()}
    />
  );
}

/** Home: the focus planet, its system, the 24-hour prediction and the construction queues. */
export function DashboardPage() {
  const { t } = useTranslation('economy');
  const planet = useEconomyPlanet();
  const me = useMe();
  const raceId = me.data?.race.id ?? 1;
  if (planet.isPending) return <Spinner centered size="lg" />;
  if (!planet.data) return <Alert color="red">{t('loadError')}</Alert>;
  return (
    <Stack gap="lg">
      <Title order={2}>{t('dashboard.title')}</Title>
      <GoalsPanel raceId={raceId} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PlanetCard planet={planet.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SystemCard system={planet.data.system} />
        </Grid.Col>
      </Grid>
      <Suspense fallback={<Card withBorder radius="md" padding="sm" mih={CHART_HEIGHT.mobile} />}>
        <PredictionChart resources={planet.data.resources} />
      </Suspense>
      <Title order={3}>{t('dashboard.constructions')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {QUEUE_KINDS.map((kind) => (
          <KindQueue key={kind} kind={kind} raceId={raceId} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
