import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import type { PlayableRaceId } from '@starhold/rules';
import { useSearchParams } from 'react-router';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRaceTheme } from '../../../app/race-theme';
import { useReport } from '../../../api/reports';
import { defenderFromSpyReport, sidesFromCombatReport } from '../model/from-report';
import { workerRunner, type SimulationRunner } from '../model/runner';
import {
  checkForm,
  emptyForm,
  fieldId,
  sideForm,
  RESOURCE_KEYS,
  type SideForm,
  type SideRole,
  type SimulatorForm,
} from '../model/setup';
import type { SimulationSummary } from '../model/simulate';
import { NumberField } from './NumberField';
import classes from './simulator.module.css';
import { SideCard } from './SideCard';
import { ReportPicker, type FillStatus } from './ReportPicker';
import { SimulationResults } from './SimulationResults';

const RESOURCE_IDS = { metal: 1, crystal: 2, fuel: 3 } as const;

/**
 * Combat simulator: two sides typed in, N battles through the rules' engine in a worker, the
 * averages shown. Changing any input stops a running simulation and marks the results as out of date.
 */
export function SimulatorPage({ runner = workerRunner }: { runner?: SimulationRunner }) {
  const { t } = useTranslation('simulator');
  const { race } = useRaceTheme();
  const playerRace: PlayableRaceId = race === 'robot' ? 2 : 1;
  // Wide enough for the two sides next to each other (lg: the main column then has ~750 px).
  const wide = useMatches({ base: false, lg: true });
  const [form, setForm] = useState<SimulatorForm>(() => emptyForm(playerRace));
  const check = useMemo(() => checkForm(form), [form]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<{ summary: SimulationSummary; stale: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The run whose messages count; an older run's late messages are ignored.
  const active = useRef<{ id: number; cancel: () => void } | null>(null);
  const nextId = useRef(0);
  // A report fills the form once loaded: ?report= (the reports' "simulate" link) or the picker.
  const [search] = useSearchParams();
  const linked = search.get('report');
  const [source, setSource] = useState<number | null>(() =>
    linked !== null && /^[1-9]\d{0,9}$/.test(linked) ? Number(linked) : null,
  );
  const [fill, setFill] = useState<FillStatus | null>(null);
  const report = useReport(source);
  if (source !== null && fill?.reportId !== source && (report.data?.id === source || report.isError)) {
    const loaded = report.data?.report ?? null;
    let status: FillStatus['status'] = 'unavailable';
    if (loaded?.kind === 'spy') {
      const { side, resources } = defenderFromSpyReport(loaded, form.defender.race);
      setForm((current) => ({ ...current, defender: sideForm(side), resources: { ...resources } }));
      status = 'spy';
    } else if (loaded?.kind === 'combat') {
      const sides = sidesFromCombatReport(loaded);
      if (typeof sides === 'object') {
        setForm((current) => ({
          ...current,
          attacker: sideForm(sides.attacker),
          defender: sideForm(sides.defender),
          resources: { metal: '', crystal: '', fuel: '' },
        }));
        status = 'combat';
      } else status = sides;
    }
    setResults((current) => current && { ...current, stale: true });
    setFill({ reportId: source, status, report: loaded });
  }

  const stop = () => {
    active.current?.cancel();
    active.current = null;
    setProgress(null);
  };
  useEffect(() => () => active.current?.cancel(), []);

  const update = (change: (current: SimulatorForm) => SimulatorForm) => {
    stop();
    setResults((current) => current && { ...current, stale: true });
    setForm(change);
  };
  const updateSide = (role: SideRole) => (change: (side: SideForm) => SideForm) =>
    update((current) => ({ ...current, [role]: change(current[role]) }));

  const start = () => {
    const setup = check.setup;
    if (setup === null) return;
    stop();
    nextId.current += 1;
    const id = nextId.current;
    const current = () => active.current?.id === id;
    active.current = { id, cancel: () => undefined };
    setFailure(null);
    setProgress({ done: 0, total: setup.runs });
    const run = runner(setup, (done, total) => {
      if (current()) setProgress({ done, total });
    });
    if (!current()) return;
    active.current = { id, cancel: run.cancel };
    run.result.then(
      (summary) => {
        if (!current()) return;
        active.current = null;
        setProgress(null);
        setResults({ summary, stale: false });
      },
      (error: unknown) => {
        if (!current()) return;
        active.current = null;
        setProgress(null);
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
  };

  const message = (id: string) => {
    const kind = check.errors.get(id);
    return kind ? t(`errors.${kind}`) : undefined;
  };
  const running = progress !== null;
  const sideCard = (role: SideRole, children?: ReactNode) => (
    <SideCard
      role={role}
      side={form[role]}
      errors={check.errors}
      empty={check.empty[role]}
      onChange={updateSide(role)}
    >
      {children}
    </SideCard>
  );
  const attacker = sideCard('attacker');
  const defender = sideCard(
    'defender',
    <div>
      <Text fw={700} size="sm">
        {t('stock')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('stockHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        {RESOURCE_KEYS.map((key) => {
          const name = t(`common:resources.names.${RESOURCE_IDS[key]}`);
          return (
            <NumberField
              key={key}
              size="xs"
              label={name}
              aria-label={t('fieldLabel', { side: t('stock'), name })}
              placeholder="0"
              value={form.resources[key]}
              error={message(fieldId.resource(key))}
              onValue={(value) =>
                update((current) => ({ ...current, resources: { ...current.resources, [key]: value } }))
              }
            />
          );
        })}
      </SimpleGrid>
    </div>,
  );
  const controls = (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group align="flex-end" gap="sm">
          <NumberField
            w={160}
            label={t('runs')}
            description={t('runsHint')}
            value={form.runs}
            error={message(fieldId.runs)}
            onValue={(value) => update((current) => ({ ...current, runs: value }))}
          />
          <Button
            leftSection={<IconPlayerPlay size={18} />}
            disabled={check.setup === null || running}
            onClick={start}
          >
            {t('run')}
          </Button>
          {running && (
            <Button variant="default" leftSection={<IconPlayerStop size={18} />} onClick={stop}>
              {t('stop')}
            </Button>
          )}
        </Group>
        {running && (
          <Stack gap={4} role="status">
            <Text size="sm">{t('progress', { done: progress.done, total: progress.total })}</Text>
            <Progress value={(progress.done / Math.max(1, progress.total)) * 100} animated striped />
          </Stack>
        )}
        {failure !== null && (
          <Alert color="red" role="alert">
            {t('failed', { message: failure })}
          </Alert>
        )}
      </Stack>
    </Card>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Text size="sm" c="dimmed">
          {t('hint')}
        </Text>
      </Group>
      <ReportPicker
        selected={source}
        loading={source !== null && fill?.reportId !== source}
        fill={fill}
        onPick={(id) => {
          stop();
          setFill(null);
          setSource(id);
        }}
      />
      {wide ? (
        <SimpleGrid cols={2} spacing="lg">
          <Stack gap="lg">
            {attacker}
            {/* The defender's column is longer: the run button stays in view beside it. */}
            <div className={classes.stickyControls}>{controls}</div>
          </Stack>
          {defender}
        </SimpleGrid>
      ) : (
        <Stack gap="lg">
          {attacker}
          {defender}
          {controls}
        </Stack>
      )}
      {results && <SimulationResults summary={results.summary} stale={results.stale} />}
    </Stack>
  );
}
