import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle, IconRocket } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { ROUTE_PREFERENCES } from '@starhold/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppModal } from '../../../components/AppModal';
import { MOBILE_QUERY } from '../../../lib/breakpoints';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useFormatInteger } from '../../../lib/use-locale';
import { toasts } from '../../../lib/toasts';
import {
  useDispatchFleet,
  useFleetPreview,
  useOwnedShips,
  type OwnedShip,
  type PreviewState,
} from '../api/fleets';
import {
  CARGO_RESOURCES,
  cargoError,
  carriesCargo,
  countError,
  MISSION_OF_ACTION,
  orderFrom,
  type DispatchDraft,
  type FleetAction,
} from '../model/missions';

export interface DispatchTarget {
  systemId: number;
  systemName: string;
  orbit: number;
  /** The missions the orbit allows, the first one preselected unless `action` says otherwise. */
  actions: readonly FleetAction[];
  action: FleetAction;
}

/** The system screen's fleet orders: the player fills an order, the server previews it, Send dispatches it. */
export function DispatchModal({ target, onClose }: { target: DispatchTarget | null; onClose: () => void }) {
  const { t } = useTranslation('fleets');
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      size="lg"
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl">
            <IconRocket size={16} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={700}>{t('dispatch.title')}</Text>
            {target ? (
              <Text size="xs" c="dimmed">
                {t('dispatch.target', { system: target.systemName, orbit: target.orbit })}
              </Text>
            ) : null}
          </Stack>
        </Group>
      }
    >
      {/* Keyed on the target: each opening starts from a fresh order. */}
      {target ? (
        <DispatchForm
          key={`${target.systemId}-${target.orbit}-${target.action}`}
          target={target}
          onDone={onClose}
        />
      ) : null}
    </AppModal>
  );
}

function DispatchForm({ target, onDone }: { target: DispatchTarget; onDone: () => void }) {
  const { t } = useTranslation('fleets');
  const formatInteger = useFormatInteger();
  const compact = useMediaQuery(MOBILE_QUERY) ?? false;
  const ships = useOwnedShips(true);
  const [draft, setDraft] = useState<DispatchDraft>(() => ({
    mission: MISSION_OF_ACTION[target.action],
    counts: {},
    speed: 100,
    prefer: 'shortest',
    cargo: { metal: '', crystal: '', fuel: '' },
  }));
  const owned = useMemo(() => new Map((ships.data ?? []).map((ship) => [ship.id, ship.count])), [ships.data]);
  const order = useMemo(
    () => orderFrom(draft, owned, { systemId: target.systemId, orbit: target.orbit }),
    [draft, owned, target.systemId, target.orbit],
  );
  const preview = useFleetPreview(order);
  const dispatch = useDispatchFleet();

  if (ships.isPending) return <Loader size="sm" />;
  if (ships.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
        {t('dispatch.shipsError')}
      </Alert>
    );
  }

  const setCount = (id: number, text: string) =>
    setDraft((current) => ({ ...current, counts: { ...current.counts, [id]: text } }));
  const setAll = (pick: (ship: OwnedShip) => string) =>
    setDraft((current) => ({
      ...current,
      counts: Object.fromEntries(ships.data.map((ship) => [ship.id, pick(ship)])),
    }));

  const send = () => {
    if (!order) return;
    dispatch.mutate(order, {
      onSuccess: () => {
        toasts.show({
          type: 'success',
          title: t('dispatch.sent.title'),
          message: t('dispatch.sent.message', { mission: t(`missions.${order.mission}`) }),
        });
        onDone();
      },
    });
  };

  const canSend = order !== null && preview.status === 'ready' && !dispatch.isPending;
  return (
    <Stack gap="md">
      <Select
        label={t('dispatch.mission')}
        data={target.actions.map((action) => ({
          value: String(MISSION_OF_ACTION[action]),
          label: t(`missions.${MISSION_OF_ACTION[action]}`),
        }))}
        value={String(draft.mission)}
        onChange={(value) => value && setDraft((current) => ({ ...current, mission: Number(value) }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="dispatch-mission"
      />

      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('dispatch.ships')}
          </Text>
          {ships.data.length > 0 ? (
            <Group gap={6}>
              <Button size="compact-xs" variant="light" onClick={() => setAll((ship) => String(ship.count))}>
                {t('dispatch.all')}
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => setAll(() => '')}>
                {t('dispatch.none')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {ships.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="dispatch-no-ships">
            {t('dispatch.noShips')}{' '}
            <Anchor component={Link} to="/planet/ships" size="sm">
              {t('dispatch.buildShips')}
            </Anchor>
          </Text>
        ) : (
          <Table verticalSpacing={4} data-testid="dispatch-ships">
            <Table.Tbody>
              {ships.data.map((ship) => {
                const text = draft.counts[ship.id] ?? '';
                const error = countError(text, ship.count);
                const name = t(`modules:ships.${ship.id}.name`);
                return (
                  <Table.Tr key={ship.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('dispatch.owned', { count: ship.count, formatted: formatInteger(ship.count) })}
                      </Text>
                    </Table.Td>
                    <Table.Td w={130}>
                      <TextInput
                        size="xs"
                        inputMode="numeric"
                        placeholder="0"
                        aria-label={name}
                        value={text}
                        error={error ? t(`dispatch.errors.${error}`, { max: ship.count }) : undefined}
                        onChange={(event) => setCount(ship.id, event.currentTarget.value)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <Stack gap={4}>
        <Text fw={600} size="sm">
          {t('dispatch.speed', { speed: draft.speed })}
        </Text>
        <Slider
          min={10}
          max={100}
          step={10}
          value={draft.speed}
          onChange={(speed) => setDraft((current) => ({ ...current, speed }))}
          label={(value) => `${value} %`}
          thumbLabel={t('dispatch.speedLabel')}
          mb="xs"
        />
      </Stack>

      <Stack gap={4}>
        <Text fw={600} size="sm">
          {t('dispatch.route')}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          // Three French labels do not fit side by side on a phone: stacked there, never cut.
          orientation={compact ? 'vertical' : 'horizontal'}
          value={draft.prefer}
          onChange={(prefer) => setDraft((current) => ({ ...current, prefer }))}
          data={ROUTE_PREFERENCES.map((prefer) => ({ value: prefer, label: t(`dispatch.prefer.${prefer}`) }))}
        />
      </Stack>

      {carriesCargo(draft.mission) ? (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('dispatch.cargo')}
          </Text>
          <SimpleGrid cols={3} spacing="xs">
            {CARGO_RESOURCES.map((resource) => {
              const text = draft.cargo[resource];
              const error = cargoError(text);
              return (
                <TextInput
                  key={resource}
                  size="xs"
                  inputMode="numeric"
                  placeholder="0"
                  label={t(`dispatch.resources.${resource}`)}
                  value={text}
                  error={error ? t(`dispatch.errors.${error}`) : undefined}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft((current) => ({ ...current, cargo: { ...current.cargo, [resource]: value } }));
                  }}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      ) : null}

      <PreviewSummary state={preview} />

      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('dispatch.cancel')}
        </Button>
        <Button
          leftSection={<IconRocket size={16} />}
          disabled={!canSend}
          loading={dispatch.isPending}
          onClick={send}
          data-testid="dispatch-send"
        >
          {t('dispatch.send')}
        </Button>
      </Group>
    </Stack>
  );
}

function PreviewSummary({ state }: { state: PreviewState }) {
  const { t } = useTranslation('fleets');
  const formatInteger = useFormatInteger();
  if (state.status === 'idle') {
    return (
      <Text size="sm" c="dimmed" data-testid="dispatch-preview">
        {t('dispatch.pickShips')}
      </Text>
    );
  }
  if (state.status === 'refused') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title={t('dispatch.refused')}
        data-testid="dispatch-refusal"
      >
        {t(`errors:${state.errorKey}`)}
      </Alert>
    );
  }
  const preview = state.status === 'ready' ? state.preview : state.last;
  if (!preview) {
    return (
      <Group gap="xs" data-testid="dispatch-preview">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('dispatch.computing')}
        </Text>
      </Group>
    );
  }
  const items: [string, string][] = [
    [
      'distance',
      t('dispatch.summary.distanceValue', { distance: formatInteger(Math.round(preview.distance)) }),
    ],
    ['duration', formatDuration(preview.duration_seconds)],
    ['arrival', formatDateTime(preview.arrives_at)],
    ['fuel', formatInteger(preview.fuel)],
    ['cargoRoom', formatInteger(preview.cargo_capacity)],
    ['nullSystems', formatInteger(preview.null_systems)],
  ];
  return (
    <Paper withBorder p="sm" data-testid="dispatch-preview" opacity={state.status === 'loading' ? 0.6 : 1}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {items.map(([key, value]) => (
          <Stack key={key} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`dispatch.summary.${key}`)}
            </Text>
            <Text
              size="sm"
              fw={600}
              c={key === 'nullSystems' && preview.null_systems > 0 ? 'red' : undefined}
            >
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
