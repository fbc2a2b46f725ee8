import { reportSchema, type Email } from '@starhold/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { parseEmailParams } from '../lib/email-texts';
import { queryKeys } from '../lib/query-keys';
import { readReport, type FleetReport } from '../lib/reports';

export interface LoadedReport {
  id: number;
  createdAt: string;
  report: FleetReport | null;
}

/**
 * GET /me/reports/{id}: a report never changes once written, so it is kept for the session.
 * Silent: the emails screen and the simulator show their own message when it fails.
 */
export function useReport(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.me, 'reports', id],
    queryFn: async ({ signal }): Promise<LoadedReport> => {
      const answer = await api.get(`/me/reports/${id}`, { schema: reportSchema, signal, silent: true });
      return { id: answer.id, createdAt: answer.created_at, report: readReport(answer.data) };
    },
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
  });
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

/** The spy reports among the newest 100 emails (the simulator's "fill from a spy report"). */
export const SPY_REPORT_EMAILS = 100;

export function useSpyReportList(enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.me, 'emails', { offset: 0, limit: SPY_REPORT_EMAILS }, 'spy-reports'],
    queryFn: async ({ signal }): Promise<SpyReportEntry[]> => {
      const emails = await api.get<Email[]>('/me/emails', {
        query: { offset: 0, limit: SPY_REPORT_EMAILS },
        signal,
        silent: true,
      });
      return emails.flatMap((email) => {
        const reportId = email.title === 'spy_report' ? reportIdOf(email) : null;
        return reportId === null ? [] : [{ reportId, createdAt: email.created_at }];
      });
    },
    enabled,
  });
}
