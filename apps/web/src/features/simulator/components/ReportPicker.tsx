import { Alert, Button, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSearch } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportQueryOptions, spyReportEntries, useSpyReportPages } from '../../../api/reports';
import { placeName, useSystemsById } from '../../../api/systems';
import { MOBILE_QUERY } from '../../../lib/breakpoints';
import { appLocale, formatDateTime } from '../../../lib/format';
import type { FleetReport } from '../../../lib/reports';

export interface FillStatus {
  reportId: number;
  /** spy: the defender was filled; combat: both sides; pirates, empty and unavailable: nothing was. */
  status: 'spy' | 'combat' | 'pirates' | 'empty' | 'unavailable';
  report: FleetReport | null;
}

/** A phone's date without its year (24/11 14:05): the place and the date fit a 375 px field. */
export function shortDateTime(value: string, locale: string): string {
  return formatDateTime(value, { locale }).replace(/\/\d{4},?/, '');
}

/** The spy reports offered at a time (each is read for its place); "older reports" adds as many. */
export const PICKER_REPORTS = 20;

/**
 * "Fill the defender from a spy report": the player's spy reports by place and date, the newest
 * first. "Older reports" shows the next ones, reading further back in the inbox until it finds
 * them or reaches its end.
 */
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
  const { t, i18n } = useTranslation('simulator');
  const pages = useSpyReportPages();
  const systems = useSystemsById();
  const [wanted, setWanted] = useState(PICKER_REPORTS);
  const found = spyReportEntries(pages.data?.pages);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  // Searching further back is the player's request (the button): opening the page reads one page.
  const searching = wanted > PICKER_REPORTS && found.length < wanted && hasNextPage;
  const pagesRead = pages.data?.pages.length ?? 0;
  useEffect(() => {
    if (searching && !isFetchingNextPage) void fetchNextPage();
  }, [searching, isFetchingNextPage, fetchNextPage, pagesRead]);
  const entries = found.slice(0, wanted);
  // Same key and answer as useReport: a report read here is not asked for again when picked.
  const reports = useQueries({ queries: entries.map((entry) => reportQueryOptions(entry.reportId)) });
  const locale = appLocale(i18n.language);
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  // The list shows each report's place and full date on two lines; the field, one line, keeps
  // the place and on a phone a date without its year.
  const details = new Map<string, { place: string; date: string }>();
  const data = entries.map((entry, index) => {
    const report = reports[index]?.data?.report;
    const place =
      report?.kind === 'spy' ? placeName(t, systems.data, report.system_id, report.orbit) : t('fill.report');
    const value = String(entry.reportId);
    details.set(value, { place, date: formatDateTime(entry.createdAt, { locale }) });
    const date = mobile
      ? shortDateTime(entry.createdAt, locale)
      : formatDateTime(entry.createdAt, { locale });
    return { value, label: `${place} — ${date}` };
  });
  const filledPlace = fill?.report
    ? placeName(t, systems.data, fill.report.system_id, fill.report.orbit)
    : '';
  const more = found.length > entries.length || hasNextPage;
  const placeholder = pages.isPending ? t('fill.loading') : t('fill.pick');
  // Why there is nothing to pick, as a line of its own: a placeholder this long is cut on a phone.
  const nothing =
    pages.isPending || data.length > 0 ? null : hasNextPage ? t('fill.noneRecent') : t('fill.none');
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('fill.label')}
            description={t('fill.hint')}
            placeholder={placeholder}
            data={data}
            value={
              selected !== null && data.some((item) => item.value === String(selected))
                ? String(selected)
                : null
            }
            onChange={(value) => value !== null && onPick(Number(value))}
            disabled={data.length === 0}
            leftSection={mobile ? undefined : <IconFileSearch size={16} />}
            renderOption={({ option }) => {
              const detail = details.get(option.value);
              return (
                <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text size="sm">{detail?.place ?? option.label}</Text>
                  {detail && (
                    <Text size="xs" c="dimmed">
                      {detail.date}
                    </Text>
                  )}
                </div>
              );
            }}
            allowDeselect={false}
            w={{ base: '100%', sm: 420 }}
            comboboxProps={{ withinPortal: true }}
          />
          {more && (
            <Button
              variant="default"
              loading={searching || isFetchingNextPage}
              onClick={() => setWanted((count) => count + PICKER_REPORTS)}
            >
              {t('fill.more')}
            </Button>
          )}
          {loading && <Loader size="sm" />}
        </Group>
        {nothing !== null && (
          <Text size="sm" c="dimmed" data-testid="picker-nothing">
            {nothing}
          </Text>
        )}
        {!more && wanted > PICKER_REPORTS && (
          <Text size="sm" c="dimmed" data-testid="picker-end">
            {t('fill.end', { count: found.length })}
          </Text>
        )}
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
