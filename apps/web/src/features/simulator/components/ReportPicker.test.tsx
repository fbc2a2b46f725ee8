import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Email } from '@starhold/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeMatchMedia } from '../../../test/match-media';
import { requestUrl } from '../../../test/request-url';
import { systemsColumns } from '../../../test/systems-columns';
import { ReportPicker } from './ReportPicker';

// An inbox of 250 emails, newest first: spy reports only at 120 (report 500) and 240 (report 501).
const TOTAL = 250;
const inbox: Email[] = Array.from({ length: TOTAL }, (_, index) => {
  const report = index === 120 ? 500 : index === 240 ? 501 : null;
  return {
    id: TOTAL - index,
    title: report === null ? 'construction_failed' : 'spy_report',
    params: JSON.stringify(report === null ? {} : { report_id: report }),
    created_at: new Date(Date.UTC(2026, 10, 23) - index * 60_000).toISOString(),
    read: true,
  };
});

const spy = (id: number, orbit: number) => ({
  id,
  kind: 'spy',
  created_at: '2026-11-23T10:00:00Z',
  data: { kind: 'spy', system_id: 12, orbit, resources: { metal: 1, crystal: 0, fuel: 0 } },
});

let emailOffsets: number[] = [];

beforeEach(() => {
  emailOffsets = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const json = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    if (path === '/me/emails') {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      emailOffsets.push(offset);
      return json({
        data: inbox.slice(offset, offset + limit),
        meta: { offset, limit, total: TOTAL, unread: 0 },
      });
    }
    if (path === '/me/reports/500') return json({ data: spy(500, 3) });
    if (path === '/me/reports/501') return json({ data: spy(501, 5) });
    if (path === '/systems/map')
      return json({
        data: systemsColumns([
          {
            id: 12,
            name: 'Sol Prime',
            position: { x: 0, y: 0 },
            security: { id: 2 },
            race: { id: 1 },
            connections: [],
            has_own_planet: false,
          },
        ]),
      });
    return Promise.resolve(
      new Response(JSON.stringify({ message: 'nope', code: 1007, i18n_comment: 'NOT_FOUND' }), {
        status: 404,
      }),
    );
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReportPicker', () => {
  it('reads one page of the inbox on opening, and searches further back on request until its end', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReportPicker selected={null} loading={false} fill={null} onPick={() => undefined} />, {
      language: 'en',
    });
    const select = await screen.findByRole('combobox', { name: 'Fill from a spy report' });
    // Why there is nothing to pick is a line of its own (a long placeholder is cut on a phone).
    expect(await screen.findByTestId('picker-nothing')).toHaveTextContent('None among the newest 100 emails');
    expect(select).toHaveAttribute('placeholder', 'Choose a spy report');
    expect(emailOffsets).toEqual([0]);

    await user.click(screen.getByRole('button', { name: 'Older reports' }));
    // Pages on until it holds the reports asked for or the inbox ends: both reports, then the end.
    expect(await screen.findByTestId('picker-end')).toHaveTextContent('All your spy reports are listed (2).');
    expect(emailOffsets).toEqual([0, 100, 200]);
    expect(screen.queryByRole('button', { name: 'Older reports' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('picker-nothing')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(select).toBeEnabled());
    await user.click(select);
    const options = await screen.findAllByRole('option');
    await vi.waitFor(() =>
      expect(options.map((option) => option.textContent)).toEqual([
        expect.stringContaining('Sol Prime · orbit 3'),
        expect.stringContaining('Sol Prime · orbit 5'),
      ]),
    );
    // English dates in English (day first, the screens' way).
    expect(options[0]).toHaveTextContent('22/11/2026');
  });

  it("fits a phone: the field's date without its year, the list's full date on a line of its own", async () => {
    vi.stubGlobal(
      'matchMedia',
      fakeMatchMedia((query) => query.includes('max-width')),
    );
    const user = userEvent.setup();
    renderWithApp(<ReportPicker selected={500} loading={false} fill={null} onPick={() => undefined} />, {
      language: 'en',
    });
    const select = await screen.findByRole('combobox', { name: 'Fill from a spy report' });
    await user.click(await screen.findByRole('button', { name: 'Older reports' }));
    await screen.findByTestId('picker-end');
    await vi.waitFor(() =>
      expect((select as HTMLInputElement).value).toMatch(/^Sol Prime · orbit 3 — \d\d\/\d\d \d\d:\d\d$/),
    );
    await user.click(select);
    const [first] = await screen.findAllByRole('option');
    expect(first).toHaveTextContent(/^Sol Prime · orbit 3\d\d\/\d\d\/2026, \d\d:\d\d$/);
  });
});
