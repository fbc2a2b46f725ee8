import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertEmails } from '../src/modules/economy/index.js';
import { emailsRepository } from '../src/modules/emails/emails.repository.js';
import { inboxCacheFor } from '../src/modules/emails/inbox-cache.js';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface EmailBody {
  id: number;
  title: string;
  params: string;
  created_at: string;
  read: boolean;
}

async function call(player: TestPlayer, method: 'GET' | 'PUT', url: string) {
  const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: player.headers });
  return {
    status: response.statusCode,
    body: response.json<{
      data: EmailBody & EmailBody[];
      meta?: { offset: number; limit: number; total: number; unread: number };
      i18n_comment?: string;
    }>(),
  };
}

async function addEmails(accountId: number, count: number, startMs: number): Promise<void> {
  await insertEmails(
    t.database.db,
    accountId,
    Array.from({ length: count }, (_, i) => ({
      title: 'research_finished',
      params: { research: { id: 1, key: 'energy_technology' }, level: i + 1, planet: 'Home' },
      at: startMs + i * 60_000,
    })),
  );
}

describe('GET /me/emails', () => {
  it('answers the welcome email of a new player with its params as a JSON string and one unread', async () => {
    const player = await registerPlayer(t.app, { username: 'Welcomed' });
    const { status, body } = await call(player, 'GET', '/me/emails');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ title: 'welcome', read: false });
    expect(JSON.parse(body.data[0]!.params)).toEqual({ username: 'Welcomed' });
    expect(body.meta).toEqual({ offset: 0, limit: 25, total: 1, unread: 1 });
  });

  it('pages newest first with offset and limit, counting every email in total', async () => {
    const player = await registerPlayer(t.app);
    await addEmails(player.me.id, 30, t.clock() + 1000);
    const first = await call(player, 'GET', '/me/emails?offset=0&limit=10');
    expect(first.body.meta).toEqual({ offset: 0, limit: 10, total: 31, unread: 31 });
    const times = first.body.data.map((email) => email.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(JSON.parse(first.body.data[0]!.params)).toMatchObject({ level: 30 });
    const last = await call(player, 'GET', '/me/emails?offset=30&limit=10');
    expect(last.body.data.map((email) => email.title)).toEqual(['welcome']);
  });

  it('refuses a limit outside 1..100 or a negative offset with VALIDATION_ERROR', async () => {
    const player = await registerPlayer(t.app);
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const { status, body } = await call(player, 'GET', `/me/emails?${query}`);
      expect(status, query).toBe(400);
      expect(body.i18n_comment).toBe('VALIDATION_ERROR');
    }
  });

  it('lists only the unread emails with unread=true, newest first, total counting the unread', async () => {
    const player = await registerPlayer(t.app);
    await addEmails(player.me.id, 5, t.clock() + 1000);
    const all = await call(player, 'GET', '/me/emails');
    const [newest, second, , fourth] = all.body.data;
    for (const email of [newest!, fourth!]) await call(player, 'PUT', `/me/emails/${email.id}`);

    const unread = await call(player, 'GET', '/me/emails?unread=true');
    expect(unread.status).toBe(200);
    expect(unread.body.data.map((email) => email.read)).toEqual([false, false, false, false]);
    expect(unread.body.data[0]!.id).toBe(second!.id);
    const times = unread.body.data.map((email) => email.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(unread.body.meta).toEqual({ offset: 0, limit: 25, total: 4, unread: 4 });

    const paged = await call(player, 'GET', '/me/emails?unread=true&offset=3&limit=2');
    expect(paged.body.data.map((email) => email.title)).toEqual(['welcome']);
    expect(paged.body.meta).toEqual({ offset: 3, limit: 2, total: 4, unread: 4 });

    const every = await call(player, 'GET', '/me/emails?unread=false');
    expect(every.body.data).toHaveLength(6);
    expect(every.body.meta).toEqual({ offset: 0, limit: 25, total: 6, unread: 4 });
  });

  it('counts the inbox on a page past its end too (no row to carry the counts)', async () => {
    const player = await registerPlayer(t.app);
    await addEmails(player.me.id, 3, t.clock() + 1000);
    const newest = (await call(player, 'GET', '/me/emails?limit=1')).body.data[0]!;
    await call(player, 'PUT', `/me/emails/${newest.id}`);

    const past = await call(player, 'GET', '/me/emails?offset=10&limit=5');
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toEqual({ offset: 10, limit: 5, total: 4, unread: 3 });
    const pastUnread = await call(player, 'GET', '/me/emails?unread=true&offset=3&limit=5');
    expect(pastUnread.body.data).toEqual([]);
    expect(pastUnread.body.meta).toEqual({ offset: 3, limit: 5, total: 3, unread: 3 });
    // The same counts as a page with rows.
    const first = await call(player, 'GET', '/me/emails?offset=0&limit=2');
    expect(first.body.meta).toEqual({ offset: 0, limit: 2, total: 4, unread: 3 });
  });

  it('answers created_at as the ISO instant of the email, whatever text the row holds', async () => {
    const player = await registerPlayer(t.app);
    await addEmails(player.me.id, 1, Date.parse('2026-03-04T05:06:07.089Z'));
    const [row] = await t.database.db
      .selectFrom('emails')
      .select('id')
      .where('account_id', '=', player.me.id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const other = await t.database.db
      .insertInto('emails')
      .values({
        account_id: player.me.id,
        title: 'welcome',
        params: '{}',
        created_at: '2026-03-04T06:06:07+01:00',
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { body } = await call(player, 'GET', '/me/emails');
    const byId = new Map(body.data.map((email) => [email.id, email.created_at]));
    expect(byId.get(row!.id)).toBe('2026-03-04T05:06:07.089Z');
    expect(byId.get(other.id)).toBe('2026-03-04T05:06:07.000Z');
  });

  it('accepts only the text true or false for unread', async () => {
    const player = await registerPlayer(t.app);
    for (const value of ['1', '0', 'yes', 'TRUE', 'True', '', ' true']) {
      const { status, body } = await call(player, 'GET', `/me/emails?unread=${encodeURIComponent(value)}`);
      expect(status, value).toBe(400);
      expect(body.i18n_comment).toBe('VALIDATION_ERROR');
    }
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me/emails' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET and PUT /me/emails/{id}', () => {
  it('reads one email, marks it read, and the unread count of /me drops', async () => {
    const player = await registerPlayer(t.app);
    const [welcome] = (await call(player, 'GET', '/me/emails')).body.data;
    const read = await call(player, 'GET', `/me/emails/${welcome!.id}`);
    expect(read.body.data).toMatchObject({ id: welcome!.id, title: 'welcome', read: false });

    const marked = await call(player, 'PUT', `/me/emails/${welcome!.id}`);
    expect(marked.status).toBe(200);
    expect(marked.body.data.read).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: player.headers });
    expect(me.json<{ data: { email_not_read_count: number } }>().data.email_not_read_count).toBe(0);
    expect((await call(player, 'GET', '/me/emails')).body.meta?.unread).toBe(0);
  });

  it('marks an email read twice without error and keeps it read', async () => {
    const player = await registerPlayer(t.app);
    const [welcome] = (await call(player, 'GET', '/me/emails')).body.data;
    expect((await call(player, 'PUT', `/me/emails/${welcome!.id}`)).status).toBe(200);
    expect((await call(player, 'PUT', `/me/emails/${welcome!.id}`)).body.data.read).toBe(true);
  });

  it("answers another account's email exactly like an unknown id: 404 NOT_FOUND, and leaves it unread", async () => {
    const owner = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const [email] = (await call(owner, 'GET', '/me/emails')).body.data;
    const foreignRead = await call(other, 'GET', `/me/emails/${email!.id}`);
    const foreignMark = await call(other, 'PUT', `/me/emails/${email!.id}`);
    const unknown = await call(other, 'GET', '/me/emails/999999');
    expect(foreignRead).toEqual(unknown);
    expect(foreignMark).toEqual(unknown);
    expect(unknown.status).toBe(404);
    expect(unknown.body.i18n_comment).toBe('NOT_FOUND');
    expect((await call(owner, 'GET', `/me/emails/${email!.id}`)).body.data.read).toBe(false);
  });

  it('refuses a non-numeric id with VALIDATION_ERROR', async () => {
    const player = await registerPlayer(t.app);
    expect((await call(player, 'GET', '/me/emails/abc')).status).toBe(400);
  });
});

describe('kept inbox pages (decision 218)', () => {
  async function emailsVersion(accountId: number): Promise<number> {
    const row = await t.database.db
      .selectFrom('accounts')
      .select('emails_version')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.emails_version);
  }

  it('serves a page again without reading the emails, until one arrives', async () => {
    const player = await registerPlayer(t.app);
    const reads = vi.spyOn(emailsRepository, 'pageWithCounts');
    try {
      const first = await call(player, 'GET', '/me/emails?limit=10');
      const again = await call(player, 'GET', '/me/emails?limit=10');
      expect(again).toEqual(first);
      expect(reads).toHaveBeenCalledTimes(1);

      await addEmails(player.me.id, 1, t.clock() + 1000);
      const arrived = await call(player, 'GET', '/me/emails?limit=10');
      expect(reads).toHaveBeenCalledTimes(2);
      expect(arrived.body.data.map((email) => email.title)).toEqual(['research_finished', 'welcome']);
      expect(arrived.body.meta).toEqual({ offset: 0, limit: 10, total: 2, unread: 2 });

      await call(player, 'PUT', `/me/emails/${arrived.body.data[0]!.id}`);
      const marked = await call(player, 'GET', '/me/emails?limit=10');
      // Marked read by this process: the kept page follows (decision 252).
      expect(reads).toHaveBeenCalledTimes(2);
      expect(marked.body.data.map((email) => email.read)).toEqual([true, false]);
      expect(marked.body.meta?.unread).toBe(1);
      const bell = await call(player, 'GET', '/me/emails?unread=true&limit=10');
      expect(bell.body.data.map((email) => email.title)).toEqual(['welcome']);
    } finally {
      reads.mockRestore();
    }
  });

  it('follows an email marked read in the kept pages, as a fresh read of the table gives them (decision 252)', async () => {
    const player = await registerPlayer(t.app);
    await addEmails(player.me.id, 14, t.clock() + 1000);
    const pages = [
      '/me/emails?unread=true&offset=0&limit=10',
      '/me/emails?offset=0&limit=25',
      '/me/emails?offset=10&limit=10',
      '/me/emails?unread=true&offset=10&limit=10',
    ];
    const reads = vi.spyOn(emailsRepository, 'pageWithCounts');
    /** Each page as served now, how many were read from the table, and each as the table gives it. */
    const served = async () => {
      const before = reads.mock.calls.length;
      const answers = await Promise.all(pages.map((url) => call(player, 'GET', url)));
      const readNow = reads.mock.calls.length - before;
      inboxCacheFor(t.database.db).clear();
      const fresh = await Promise.all(pages.map((url) => call(player, 'GET', url)));
      expect(answers).toEqual(fresh);
      return { answers, readNow };
    };
    const mark = async (id: number) =>
      expect((await call(player, 'PUT', `/me/emails/${id}`)).status).toBe(200);
    try {
      const { answers } = await served();
      const inbox = answers[1]!.body.data;
      expect(inbox).toHaveLength(15);
      // The oldest (off the bell): every page but the later unread one is told.
      await mark(inbox[14]!.id);
      expect((await served()).readNow).toBe(1);
      // The newest, on the bell with more unread past it: the bell is read again, the inbox told.
      await mark(inbox[0]!.id);
      expect((await served()).readNow).toBe(2);
      // Marked twice: nothing changes, every page stays.
      await mark(inbox[0]!.id);
      expect((await served()).readNow).toBe(0);
      // Down to ten unread: one on the bell goes without a read of the table.
      for (const email of inbox.slice(10, 14)) await mark(email.id);
      await served();
      await mark(inbox[5]!.id);
      const last = await served();
      expect(last.readNow).toBe(1);
      expect(last.answers[0]!.body.meta).toEqual({ offset: 0, limit: 10, total: 8, unread: 8 });
    } finally {
      reads.mockRestore();
    }
  });

  it('keeps pages as the table gives them when emails are marked read at once', async () => {
    const player = await registerPlayer(t.app);
    await addEmails(player.me.id, 11, t.clock() + 1000);
    const pages = ['/me/emails?unread=true&offset=0&limit=10', '/me/emails?offset=0&limit=25'];
    const read = () => Promise.all(pages.map((url) => call(player, 'GET', url)));
    const inbox = (await read())[1]!.body.data;
    // Every email but the two newest, twice each, all at once.
    const marks = inbox.slice(2).flatMap((email) => [email.id, email.id]);
    const answers = await Promise.all(marks.map((id) => call(player, 'PUT', `/me/emails/${id}`)));
    expect(answers.map((answer) => answer.status)).toEqual(marks.map(() => 200));
    const kept = await read();
    inboxCacheFor(t.database.db).clear();
    expect(kept).toEqual(await read());
    expect(kept[0]!.body.meta).toEqual({ offset: 0, limit: 10, total: 2, unread: 2 });
  });

  it("keeps an account's pages when another account's emails change", async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    await call(player, 'GET', '/me/emails');
    const reads = vi.spyOn(emailsRepository, 'pageWithCounts');
    try {
      await addEmails(other.me.id, 2, t.clock() + 1000);
      const [welcome] = (await call(other, 'GET', '/me/emails')).body.data;
      await call(other, 'PUT', `/me/emails/${welcome!.id}`);
      expect(reads).toHaveBeenCalledTimes(1);
      await call(player, 'GET', '/me/emails');
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('moves the version with every change to the emails, whoever writes them', async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const start = await emailsVersion(player.me.id);
    const untouched = await emailsVersion(other.me.id);
    const { db } = t.database;
    const inserted = await db
      .insertInto('emails')
      .values(
        [1, 2].map(() => ({
          account_id: player.me.id,
          title: 'welcome',
          params: '{}',
          created_at: '2026-01-01T00:00:00.000Z',
          read_at: null,
        })),
      )
      .returning('id')
      .execute();
    const afterInsert = await emailsVersion(player.me.id);
    expect(afterInsert).toBeGreaterThan(start);
    await db
      .updateTable('emails')
      .set({ read_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', inserted[0]!.id)
      .execute();
    const afterUpdate = await emailsVersion(player.me.id);
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await db.deleteFrom('emails').where('id', '=', inserted[1]!.id).execute();
    expect(await emailsVersion(player.me.id)).toBeGreaterThan(afterUpdate);
    expect(await emailsVersion(other.me.id)).toBe(untouched);
    // The page read now shows what the table holds.
    const page = await call(player, 'GET', '/me/emails');
    expect(page.body.meta).toEqual({ offset: 0, limit: 25, total: 2, unread: 1 });
  });
});
