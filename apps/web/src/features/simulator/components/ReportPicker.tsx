import { Alert, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { reportSchema } from '@starhold/contract';
import { useTranslation } from 'react-i18next';
import { useSpyReportList } from '../../../api/reports';
import { placeName, useSystemsById } from '../../../api/systems';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { readReport, type FleetReport } from '../../../lib/reports';

export interface FillStatus {
  reportId: number;
  /** spy: the defender was filled; combat: both sides; pirates, empty and unavailable: nothing was. */
  status: 'spy' | 'combat' | 'pirates' | 'empty' | 'unavailable';
  report: FleetReport | null;
}

/** The newest spy reports offered in the list (each is read for its place). */
export const PICKER_REPORTS = 20;

/** "Fill the defender from a spy report": the player's newest spy reports by place and date. */
export function ReportPicker({
  selected,
  loading,
  fill,
  onPick,
}: {
  selected: number | null;
  loading: boolean;
  fill: FillStatus | null;
  onPick: (reportId: number) => void;
}) {
  const { t } = useTranslation('simulator');
  const list = useSpyReportList();
  const systems = useSystemsById();
  const entries = (list.data ?? []).slice(0, PICKER_REPORTS);
  // Same key and answer as useReport: a report read here is not asked for again when picked.
  const reports = useQueries({
    queries: entries.map((entry) => ({
      queryKey: [...queryKeys.me, 'reports', entry.reportId],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const answer = await api.get(`/me/reports/${entry.reportId}`, {
          schema: reportSchema,
          signal,
          silent: true,
        });
        return { id: answer.id, createdAt: answer.created_at, report: readReport(answer.data) };
      },
      staleTime: Infinity,
      retry: false,
    })),
  });
  const data = entries.map((entry, index) => {
    const report = reports[index]?.data?.report;
    const place =
      report?.kind === 'spy' ? placeName(t, systems.data, report.system_id, report.orbit) : t('fill.report');
    return { value: String(entry.reportId), label: `${place} — ${formatDateTime(entry.createdAt)}` };
  });
  const filledPlace = fill?.report
    ? placeName(t, systems.data, fill.report.system_id, fill.report.orbit)
    : '';
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('fill.label')}
            description={t('fill.hint')}
            placeholder={
              list.isPending ? t('fill.loading') : data.length === 0 ? t('fill.none') : t('fill.pick')
            }
            data={data}
            value={
              selected !== null && data.some((item) => item.value === String(selected))
                ? String(selected)
                : null
            }
            onChange={(value) => value !== null && onPick(Number(value))}
            disabled={data.length === 0}
            leftSection={<IconFileSearch size={16} />}
            allowDeselect={false}
            w={{ base: '100%', sm: 420 }}
            comboboxProps={{ withinPortal: true }}
          />
          {loading && <Loader size="sm" />}
        </Group>
        {fill && (fill.status === 'spy' || fill.status === 'combat') && (
          <Text size="sm" c="dimmed" data-testid="filled-from">
            {t(`fill.done.${fill.status}`, { place: filledPlace })}
          </Text>
        )}
        {fill && fill.status !== 'spy' && fill.status !== 'combat' && (
          <Alert color="orange" variant="light" py="xs">
            {t(`fill.done.${fill.status}`)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
