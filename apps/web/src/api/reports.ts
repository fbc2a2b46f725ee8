import { reportSchema, type Email } from '@starhold/contract';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { parseEmailParams } from '../lib/email-texts';
import { queryKeys } from '../lib/query-keys';
import { readReport, type FleetReport } from '../lib/reports';

export interface LoadedReport {
  id: number;
  createdAt: string;
  report: FleetReport | null;
}

/** GET /me/reports/{id}: a report never changes once written, so it is kept for the session. */
export function reportQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.report(id),
    queryFn: async ({ signal }): Promise<LoadedReport> => {
      const answer = await api.get(`/me/reports/${id}`, { schema: reportSchema, signal, silent: true });
      return { id: answer.id, createdAt: answer.created_at, report: readReport(answer.data) };
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Silent: the emails screen and the simulator show their own message when it fails. */
export function useReport(id: number | null) {
  return useQuery({ ...reportQueryOptions(id ?? 0), enabled: id !== null });
}

/** The report an email links to (`report_id` in its params), or null. */
export function reportIdOf(email: Pick<Email, 'params'>): number | null {
  const id = parseEmailParams(email.params).report_id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

export interface SpyReportEntry {
  reportId: number;
  createdAt: string;
}

export interface SpyReportPage {
  entries: SpyReportEntry[];
  /** The offset of the next page of emails; undefined at the end of the inbox. */
  next: number | undefined;
}

/**
 * No endpoint lists reports: the simulator's "fill from a spy report" reads the inbox, newest
 * first, this many emails at a time (the largest page), and keeps its spy reports.
 */
export const SPY_REPORT_EMAILS = 100;

export function useSpyReportPages() {
  return useInfiniteQuery({
    queryKey: [...queryKeys.me, 'emails', 'spy-reports'],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<SpyReportPage> => {
      const page = await api.request<Email[]>('GET', '/me/emails', {
        query: { offset: pageParam, limit: SPY_REPORT_EMAILS },
        signal,
        silent: true,
      });
      const next = pageParam + page.data.length;
      return {
        entries: page.data.flatMap((email) => {
          const reportId = email.title === 'spy_report' ? reportIdOf(email) : null;
          return reportId === null ? [] : [{ reportId, createdAt: email.created_at }];
        }),
        next: page.data.length > 0 && next < (page.meta?.total ?? 0) ? next : undefined,
      };
    },
    getNextPageParam: (last) => last.next,
  });
}

/**
 * The pages' spy reports, newest first, each once: an email arriving between two pages shifts
 * the offsets, so a page can repeat the previous one's last emails.
 */
export function spyReportEntries(pages: readonly SpyReportPage[] | undefined): SpyReportEntry[] {
  const seen = new Set<number>();
  const entries: SpyReportEntry[] = [];
  for (const entry of (pages ?? []).flatMap((page) => page.entries)) {
    if (seen.has(entry.reportId)) continue;
    seen.add(entry.reportId);
    entries.push(entry);
  }
  return entries;
}
