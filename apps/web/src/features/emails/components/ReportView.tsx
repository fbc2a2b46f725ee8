import { Alert, Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalculator, IconEye, IconSword } from '@tabler/icons-react';
import { SHIPS, DEFENSES } from '@starhold/rules';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../../api/me';
import { useReport } from '../../../api/reports';
import { placeName, useSystemsById } from '../../../api/systems';
import { Spinner } from '../../../components/Spinner';
import { useFormatInteger } from '../../../lib/use-locale';
import {
  dispatchPath,
  simulatorPath,
  unitTracks,
  type Amounts,
  type CombatReport,
  type SpyReport,
  type UnitCount,
  type UnitTrack,
} from '../../../lib/reports';

const RESOURCES = [
  { key: 'metal', id: 1 },
  { key: 'crystal', id: 2 },
  { key: 'fuel', id: 3 },
] as const;

function unitName(t: TFunction, kind: 'ship' | 'defense', id: number): string {
  return t(`modules:${kind === 'ship' ? 'ships' : 'defenses'}.${id}.name`, { defaultValue: `#${id}` });
}

/** The race of a report's units (buildings are named per race); null when it shows no unit. */
function raceOfUnits(report: SpyReport): number | null {
  const ship = report.ships?.[0];
  if (ship) return SHIPS.find((entry) => entry.id === ship.id)?.race ?? null;
  const defense = report.defenses?.[0];
  if (defense) return DEFENSES.find((entry) => entry.id === defense.id)?.race ?? null;
  return null;
}

/** Tables scroll sideways on phones instead of squeezing their figures. */
function ReportTable({
  children,
  minWidth,
  label,
}: {
  children: ReactNode;
  minWidth: number;
  label: string;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped withTableBorder withColumnBorders fz="sm" aria-label={label}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={4} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function SideRounds({
  report,
  side,
  label,
}: {
  report: CombatReport;
  side: 'attacker' | 'defender';
  label: string;
}) {
  const { t } = useTranslation('emails');
  const formatInteger = useFormatInteger();
  const tracks = unitTracks(report, side);
  const rounds = report.rounds.length;
  if (tracks.length === 0)
    return (
      <Section title={label}>
        <Text size="sm" c="dimmed">
          {t('report.noUnits')}
        </Text>
      </Section>
    );
  const lost = (track: UnitTrack) => (track.counts[0] ?? 0) - (track.counts.at(-1) ?? 0);
  return (
    <Section title={label}>
      <ReportTable minWidth={150 + 58 * (rounds + 2)} label={t('report.unitsOf', { side: label })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('report.unit')}</Table.Th>
            <Table.Th ta="right">{t('report.before')}</Table.Th>
            {report.rounds.map((round) => (
              <Table.Th key={round.round} ta="right">
                {t('report.afterRound', { round: round.round })}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('report.lost')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tracks.map((track) => (
            <Table.Tr key={`${track.kind}-${track.id}`} data-testid={`${side}-unit`}>
              <Table.Td>{unitName(t, track.kind, track.id)}</Table.Td>
              {track.counts.map((count, index) => (
                <Table.Td key={index} ta="right">
                  {formatInteger(count)}
                </Table.Td>
              ))}
              <Table.Td ta="right" c={lost(track) > 0 ? 'red' : undefined} fw={600}>
                {formatInteger(lost(track))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
    </Section>
  );
}

function ResourceTable({
  rows,
  label,
}: {
  rows: { label: string; amounts: Partial<Amounts> }[];
  label: string;
}) {
  const { t } = useTranslation('emails');
  const formatInteger = useFormatInteger();
  const amount = (value: number | undefined) => (value === undefined ? '—' : formatInteger(value));
  return (
    <ReportTable minWidth={320} label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          {RESOURCES.map((resource) => (
            <Table.Th key={resource.key} ta="right">
              {t(`common:resources.names.${resource.id}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Td>{row.label}</Table.Td>
            {RESOURCES.map((resource) => (
              <Table.Td key={resource.key} ta="right">
                {amount(row.amounts[resource.key])}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ReportTable>
  );
}

/** What a planet holds, one resource a line: a phone has room for two columns, not four. */
function StockList({ amounts, label }: { amounts: Amounts; label: string }) {
  const { t } = useTranslation('emails');
  const formatInteger = useFormatInteger();
  return (
    <ReportTable minWidth={0} label={label}>
      <Table.Tbody>
        {RESOURCES.map((resource) => (
          <Table.Tr key={resource.key}>
            <Table.Td>{t(`common:resources.names.${resource.id}`)}</Table.Td>
            <Table.Td ta="right">{formatInteger(amounts[resource.key])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ReportTable>
  );
}

function UnitList({ units, kind, label }: { units: UnitCount[]; kind: 'ship' | 'defense'; label: string }) {
  const { t } = useTranslation('emails');
  const formatInteger = useFormatInteger();
  if (units.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('report.none')}
      </Text>
    );
  return (
    <ReportTable minWidth={240} label={label}>
      <Table.Tbody>
        {units.map((unit) => (
          <Table.Tr key={unit.id}>
            <Table.Td>{unitName(t, kind, unit.id)}</Table.Td>
            <Table.Td ta="right">{formatInteger(unit.count)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ReportTable>
  );
}

/** Mines, buildings or research with their levels (level 0 left out). */
function Levels({ levels, label }: { levels: { name: string; level: number }[]; label: string }) {
  const { t } = useTranslation('emails');
  const shown = levels.filter((entry) => entry.level > 0);
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('report.none')}
      </Text>
    );
  return (
    <ReportTable minWidth={240} label={label}>
      <Table.Tbody>
        {shown.map((entry) => (
          <Table.Tr key={entry.name}>
            <Table.Td>{entry.name}</Table.Td>
            <Table.Td ta="right">{t('report.level', { level: entry.level })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ReportTable>
  );
}

function Actions({
  systemId,
  orbit,
  reportId,
  canAttack,
}: {
  systemId: number;
  orbit: number | null;
  reportId: number;
  canAttack: boolean;
}) {
  const { t } = useTranslation('emails');
  return (
    <Group gap="xs" data-testid="report-actions">
      {orbit !== null && canAttack && (
        <>
          <Button
            component={Link}
            to={dispatchPath(systemId, orbit, 'attack')}
            size="xs"
            color="red"
            leftSection={<IconSword size={14} />}
          >
            {t('report.attack')}
          </Button>
          <Button
            component={Link}
            to={dispatchPath(systemId, orbit, 'spy')}
            size="xs"
            variant="light"
            leftSection={<IconEye size={14} />}
          >
            {t('report.spyAgain')}
          </Button>
        </>
      )}
      <Button
        component={Link}
        to={simulatorPath(reportId)}
        size="xs"
        variant="default"
        leftSection={<IconCalculator size={14} />}
      >
        {t('report.simulate')}
      </Button>
    </Group>
  );
}

function CombatReportView({ id, report }: { id: number; report: CombatReport }) {
  const { t } = useTranslation('emails');
  const formatInteger = useFormatInteger();
  const me = useMe();
  const systems = useSystemsById();
  const meId = me.data?.id;
  const mine =
    meId === undefined
      ? null
      : report.attacker_id === meId
        ? 'attacker'
        : report.defender_id === meId
          ? 'defender'
          : null;
  const winnerColor = report.winner === 'draw' ? 'gray' : report.winner === mine ? 'green' : 'red';
  const attackerLabel = report.attacker_id === null ? t('report.pirates') : t('report.attacker');
  const rebuilt = report.rebuilt_defenses.filter((unit) => unit.count > 0);
  return (
    <Stack gap="md" data-testid="combat-report">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">
          {t('report.combatTitle', { place: placeName(t, systems.data, report.system_id, report.orbit) })}
        </Title>
        <Badge color={winnerColor} variant="light" size="lg" tt="none" data-testid="report-winner">
          {t(`report.winner.${report.winner}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('report.rounds', { count: report.rounds.length })}
        {mine && ` · ${t(`report.youAre.${mine}`)}`}
      </Text>
      {report.rounds.length === 0 ? (
        <Text size="sm" data-testid="no-fight">
          {t('report.noFight')}
        </Text>
      ) : (
        <>
          <SideRounds report={report} side="attacker" label={attackerLabel} />
          <SideRounds report={report} side="defender" label={t('report.defender')} />
          <Section title={t('report.fire')}>
            <ReportTable minWidth={420} label={t('report.fire')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.round')}</Table.Th>
                  <Table.Th ta="right">{t('report.dealtBy', { side: attackerLabel })}</Table.Th>
                  <Table.Th ta="right">{t('report.dealtBy', { side: t('report.defender') })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rounds.map((round) => (
                  <Table.Tr key={round.round}>
                    <Table.Td>{round.round}</Table.Td>
                    {(['attacker', 'defender'] as const).map((side) => (
                      <Table.Td key={side} ta="right">
                        {t('report.damage', {
                          shots: formatInteger(round[side].shots),
                          dealt: formatInteger(Math.round(round[side].damage_dealt)),
                          absorbed: formatInteger(
                            Math.round(round[side === 'attacker' ? 'defender' : 'attacker'].damage_absorbed),
                          ),
                        })}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ReportTable>
          </Section>
        </>
      )}
      <Section title={t('report.resources')}>
        <ResourceTable
          label={t('report.resources')}
          rows={[
            { label: t('report.losses', { side: attackerLabel }), amounts: report.attacker_losses },
            { label: t('report.losses', { side: t('report.defender') }), amounts: report.defender_losses },
            {
              label: t('report.debris'),
              amounts: { metal: report.debris.metal, crystal: report.debris.crystal },
            },
            { label: t('report.plunder'), amounts: report.plunder },
          ]}
        />
      </Section>
      <Section title={t('report.rebuilt')}>
        <UnitList units={rebuilt} kind="defense" label={t('report.rebuilt')} />
      </Section>
      <Actions
        systemId={report.system_id}
        orbit={report.orbit}
        reportId={id}
        canAttack={mine === 'attacker'}
      />
    </Stack>
  );
}

function SpyReportView({ id, report }: { id: number; report: SpyReport }) {
  const { t } = useTranslation('emails');
  const systems = useSystemsById();
  const race = raceOfUnits(report);
  const hidden = (
    <Text size="sm" c="dimmed">
      {t('report.hidden')}
    </Text>
  );
  return (
    <Stack gap="md" data-testid="spy-report">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">
          {t('report.spyTitle', { place: placeName(t, systems.data, report.system_id, report.orbit) })}
        </Title>
        <Badge color={report.detected ? 'orange' : 'green'} variant="light" size="lg" tt="none">
          {t(`fleet.detected.${report.detected}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('report.score', { score: report.score })}
        {report.detected && ` · ${t('report.probesLost', { count: report.probes_lost })}`}
      </Text>
      <Section title={t('report.stock')}>
        <StockList label={t('report.stock')} amounts={report.resources} />
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={t('report.ships')}>
          {report.ships ? <UnitList units={report.ships} kind="ship" label={t('report.ships')} /> : hidden}
        </Section>
        <Section title={t('report.defenses')}>
          {report.defenses ? (
            <UnitList units={report.defenses} kind="defense" label={t('report.defenses')} />
          ) : (
            hidden
          )}
        </Section>
        <Section title={t('report.buildings')}>
          {report.buildings ? (
            <Levels
              label={t('report.buildings')}
              levels={[
                ...Object.entries(report.factories ?? {}).map(([id, level]) => ({
                  name: t(`modules:factories.${id}.name`, { defaultValue: `#${id}` }),
                  level,
                })),
                ...Object.entries(report.buildings).map(([id, level]) => ({
                  name: t(`modules:buildings.${race ?? 1}.${id}.name`, { defaultValue: `#${id}` }),
                  level,
                })),
              ]}
            />
          ) : (
            hidden
          )}
        </Section>
        <Section title={t('report.research')}>
          {report.research ? (
            <Levels
              label={t('report.research')}
              levels={Object.entries(report.research).map(([id, level]) => ({
                name: t(`modules:researchs.${id}.name`, { defaultValue: `#${id}` }),
                level,
              }))}
            />
          ) : (
            hidden
          )}
        </Section>
      </SimpleGrid>
      <Actions systemId={report.system_id} orbit={report.orbit} reportId={id} canAttack />
    </Stack>
  );
}

/** The combat or spy report an email links to, as tables, with its follow-up actions. */
export function ReportView({ id }: { id: number }) {
  const { t } = useTranslation('emails');
  const query = useReport(id);
  if (query.isPending) return <Spinner />;
  if (!query.data?.report)
    return (
      <Alert color="red" variant="light">
        {t('report.unavailable')}
      </Alert>
    );
  const { report } = query.data;
  return report.kind === 'combat' ? (
    <CombatReportView id={id} report={report} />
  ) : (
    <SpyReportView id={id} report={report} />
  );
}
