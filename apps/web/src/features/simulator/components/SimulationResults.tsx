import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Resources } from '@starhold/rules';
import { useTranslation } from 'react-i18next';
import type { SideOutcome, SimulationSummary } from '../model/simulate';
import { appLocale } from '../../../lib/format';

function useFormats() {
  const { i18n } = useTranslation();
  const locale = appLocale(i18n.language);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return {
    percent: (value: number) => percent.format(value),
    decimal: (value: number) => decimal.format(value),
    whole: (value: number) => whole.format(Math.round(value)),
  };
}

const OUTCOMES = [
  { key: 'win', color: 'teal' },
  { key: 'draw', color: 'gray' },
  { key: 'loss', color: 'red' },
] as const;

function UnitsTable({
  title,
  outcome,
  kindOf,
}: {
  title: string;
  outcome: SideOutcome;
  kindOf: 'attacker' | 'defender';
}) {
  const { t } = useTranslation('simulator');
  const format = useFormats();
  const withRebuilt = kindOf === 'defender' && outcome.units.some((unit) => unit.kind === 'defense');
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table
        striped
        verticalSpacing={4}
        horizontalSpacing="xs"
        fz={{ base: 'xs', sm: 'sm' }}
        aria-label={title}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{title}</Table.Th>
            <Table.Th ta="right">{t('results.sent')}</Table.Th>
            <Table.Th ta="right">{t('results.lost')}</Table.Th>
            {withRebuilt && <Table.Th ta="right">{t('results.rebuilt')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcome.units.map((unit) => (
            <Table.Tr key={`${unit.kind}-${unit.id}`}>
              <Table.Td>
                {t(`modules:${unit.kind === 'ship' ? 'ships' : 'defenses'}.${unit.id}.name`)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {format.whole(unit.count)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace" c={unit.lost > 0 ? 'red.4' : undefined}>
                {format.decimal(unit.lost)}
              </Table.Td>
              {withRebuilt && (
                <Table.Td ta="right" ff="monospace">
                  {unit.kind === 'defense' ? format.decimal(unit.rebuilt) : ''}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The averages of a simulation: outcome shares, resources, units. */
export function SimulationResults({ summary, stale }: { summary: SimulationSummary; stale: boolean }) {
  const { t } = useTranslation('simulator');
  const format = useFormats();
  const share = { win: summary.wins, draw: summary.draws, loss: summary.losses };
  const ratio = (count: number) => (summary.runs > 0 ? count / summary.runs : 0);
  const resourceRows: {
    key: string;
    label: string;
    value: Resources | { metal: number; crystal: number };
  }[] = [
    { key: 'attackerLosses', label: t('results.attackerLosses'), value: summary.attacker.lost },
    { key: 'defenderLosses', label: t('results.defenderLosses'), value: summary.defender.lost },
    { key: 'debris', label: t('results.debris'), value: summary.debris },
    { key: 'plunder', label: t('results.plunder'), value: summary.plunder },
  ];

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={t('results.title')}
      opacity={stale ? 0.6 : 1}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h4">
              {t('results.title')}
            </Title>
            {stale && (
              <Badge color="yellow" variant="light">
                {t('results.stale')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('results.summary', { runs: summary.runs, rounds: format.decimal(summary.rounds) })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {OUTCOMES.map(({ key, color }) => (
            <Card key={key} withBorder padding="sm" data-outcome={key}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.8}>
                {t(`results.${key}`)}
              </Text>
              <Group gap="xs" align="baseline">
                <Text size="xl" fw={700} ff="monospace" c={`${color}.4`}>
                  {format.percent(ratio(share[key]))}
                </Text>
                <Badge color={color} variant="light" size="sm">
                  {share[key]} / {summary.runs}
                </Badge>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
        <Progress.Root size="lg" aria-hidden>
          {OUTCOMES.map(({ key, color }) => (
            <Progress.Section key={key} value={ratio(share[key]) * 100} color={color} />
          ))}
        </Progress.Root>
        <div>
          <Text fw={700} size="sm" mb="xs">
            {t('results.resources')}
          </Text>
          <Table.ScrollContainer minWidth={300}>
            <Table
              striped
              verticalSpacing={4}
              horizontalSpacing="xs"
              fz={{ base: 'xs', sm: 'sm' }}
              aria-label={t('results.resources')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {(['1', '2', '3'] as const).map((id) => (
                    <Table.Th key={id} ta="right">
                      {t(`common:resources.names.${id}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {resourceRows.map(({ key, label, value }) => (
                  <Table.Tr key={key} data-row={key}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {format.whole(value.metal)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {format.whole(value.crystal)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {'fuel' in value ? format.whole(value.fuel) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed" mt="xs">
            {t('results.cargo', { cargo: format.whole(summary.cargo) })}
          </Text>
        </div>
        <div>
          <Text fw={700} size="sm" mb="xs">
            {t('results.units')}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <UnitsTable title={t('attacker')} outcome={summary.attacker} kindOf="attacker" />
            <UnitsTable title={t('defender')} outcome={summary.defender} kindOf="defender" />
          </SimpleGrid>
        </div>
      </Stack>
    </Card>
  );
}
