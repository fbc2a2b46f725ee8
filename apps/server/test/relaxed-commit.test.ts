/**
 * Decision 208: on PostgreSQL, game writes commit without waiting for the write-ahead log's flush
 * (PG_SYNCHRONOUS_COMMIT=normal, the default), every other commit waits, and a lost connection
 * empties the states the process keeps (the server may have lost its last commits).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createDialectSeam } from '../src/db/dialect.js';
import { economyDeps, runSchedulerOnce, withAccount } from '../src/modules/economy/index.js';
import { emailsRepository } from '../src/modules/emails/emails.repository.js';
import { stateCacheFor } from '../src/modules/economy/state-cache.js';
import { guardedSaveStatement } from '../src/modules/economy/state.repository.js';
import { touchPlanet } from '../src/modules/economy/visits.repository.js';
import { homePlanetId, setResources } from './economy-fixtures.js';
import { createTestApp, registerPlayer, type TestApp } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const onPostgres = () => t.database.dialect.name === 'postgres';

async function setting(db: typeof t.database.db): Promise<string> {
  const { rows } = await sql<{
    value: string;
  }>`select current_setting('synchronous_commit') as value`.execute(db);
  return rows[0]?.value ?? '';
}

describe('the commit policy of game writes', () => {
  it('is the dialect seam: relaxed on PostgreSQL unless full, never on SQLite', () => {
    expect(createDialectSeam('postgres', { relaxedGameCommits: true }).relaxedCommit).not.toBeNull();
    expect(createDialectSeam('postgres', { relaxedGameCommits: false }).relaxedCommit).toBeNull();
    expect(createDialectSeam('postgres').relaxedCommit).toBeNull();
    expect(createDialectSeam('sqlite', { relaxedGameCommits: true }).relaxedCommit).toBeNull();
  });

  it('relaxes the transaction of a locked write only, the session keeps waiting for the flush', async (ctx) => {
    if (!onPostgres()) ctx.skip();
    const player = await registerPlayer(t.app);
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    const inside = await withAccount(deps, player.me.id, Date.now(), async (account) => ({
      result: await setting(account.trx),
    }));
    expect(inside).toBe('off');
    // An operator's action inside a game write puts its transaction back to the server's setting.
    const durable = await withAccount(deps, player.me.id, Date.now(), async (account) => {
      await t.database.dialect.durableCommit(account.trx);
      return { result: await setting(account.trx) };
    });
    expect(durable).toBe('on');
    // Outside any game write (a session's, an operator's commit), the server's default stands.
    expect(await setting(t.database.db)).toBe('on');
    await t.database.db.transaction().execute(async (trx) => {
      expect(await setting(trx)).toBe('on');
    });
  });

  it('relaxes the guarded statement by its own transaction-local setting, and only when asked', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setResources(t.database.db, planetId, { metal: 100_000, crystal: 100_000, fuel: 100_000 });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/planet/factories/1',
      headers: player.headers,
    });
    expect(started.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('accounts')
      .select('state_version')
      .where('id', '=', player.me.id)
      .executeTakeFirstOrThrow();
    const before = stateCacheFor(t.database.db).get(player.me.id, Number(row.state_version));
    if (before === undefined) throw new Error('the write kept no state');
    const firstPlanet = before.planets[0];
    if (firstPlanet === undefined) throw new Error('no planet');
    const after = {
      ...before,
      planets: [
        { ...firstPlanet, resources: { ...firstPlanet.resources, metal: firstPlanet.resources.metal - 1 } },
        ...before.planets.slice(1),
      ],
    };
    const derived = { points: { economy: 0, science: 0, military: 0, total: 0 }, nextEventAt: null };
    const guard = { version: Number(row.state_version), now: Date.now() };
    const relaxed = guardedSaveStatement(before, after, derived, { ...guard, relaxedCommit: true });
    const waiting = guardedSaveStatement(before, after, derived, guard);
    expect(relaxed?.sql).toContain("set_config('synchronous_commit', 'off', true)");
    expect(waiting?.sql).not.toContain('synchronous_commit');
  });
});

describe("the scheduler's settling of a due account", () => {
  it('relaxes its transaction by its lock statement, as every game write does', async (ctx) => {
    if (!onPostgres()) ctx.skip();
    const player = await registerPlayer(t.app);
    const db = t.database.db;
    await db
      .updateTable('accounts')
      .set({ next_event_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', player.me.id)
      .execute();
    // The statements the scheduler builds, compiled as they are sent (a plugin on its handle).
    const sent: string[] = [];
    const recording = db.withPlugin({
      transformQuery: (args) => {
        sent.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const deps = economyDeps({ db: recording, dialect: t.database.dialect, config: t.config });
    expect(await runSchedulerOnce(deps, Date.now())).toBeGreaterThan(0);
    const picks = sent.filter((text) => /for update skip locked/i.test(text) && /next_event_at/.test(text));
    expect(picks.length).toBeGreaterThan(0);
    for (const pick of picks) expect(pick).toContain("set_config('synchronous_commit', 'off', true)");
    const stored = await db
      .selectFrom('accounts')
      .select('next_event_at')
      .where('id', '=', player.me.id)
      .executeTakeFirstOrThrow();
    expect(stored.next_event_at === null || Date.parse(stored.next_event_at) > Date.now() - 1000).toBe(true);
  });
});

describe('an email marked read (decision 257)', () => {
  it('commits without waiting for the flush on PostgreSQL, unless every commit must wait', async (ctx) => {
    if (!onPostgres()) ctx.skip();
    const player = await registerPlayer(t.app);
    const db = t.database.db;
    const welcome = await db
      .selectFrom('emails')
      .select('id')
      .where('account_id', '=', player.me.id)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    // The statement's own transaction is the caller's here, so that its setting can be read after it.
    const markIn = (relaxedGameCommits: boolean) =>
      db.transaction().execute(async (trx) => {
        const dialect = createDialectSeam('postgres', { relaxedGameCommits });
        const marked = await emailsRepository.markRead(trx, dialect, player.me.id, welcome.id, at);
        return { marked, setting: await setting(trx) };
      });
    const durable = await markIn(false);
    expect(durable.setting).toBe('on');
    expect(durable.marked?.versions).not.toBeNull();
    await db.updateTable('emails').set({ read_at: null }).where('id', '=', welcome.id).execute();
    const relaxed = await markIn(true);
    expect(relaxed.setting).toBe('off');
    expect(relaxed.marked?.row.read_at).toBeNull();
    expect(relaxed.marked?.row).not.toHaveProperty('commit_mode');
    const stored = await db
      .selectFrom('emails')
      .select('read_at')
      .where('id', '=', welcome.id)
      .executeTakeFirstOrThrow();
    expect(stored.read_at).toBe(at);
  });
});

describe("a visit recorded on the read path (the planet's last_visit)", () => {
  it('commits without waiting for the flush on PostgreSQL only when game writes do', async (ctx) => {
    if (!onPostgres()) ctx.skip();
    const player = await registerPlayer(t.app);
    const db = t.database.db;
    const planetId = await homePlanetId(db, player.me.id);
    // Outside the caller's transaction on the read path; here inside one, so that its setting
    // can be read after the statement (as the email's test does).
    const visitIn = (relaxed: boolean, at: number) =>
      db.transaction().execute(async (trx) => {
        await touchPlanet(trx, planetId, at, false, (remember) => remember(), relaxed);
        return setting(trx);
      });
    const hourLater = Date.now() + 3_600_000;
    expect(await visitIn(false, hourLater)).toBe('on');
    expect(await visitIn(true, hourLater + 3_600_000)).toBe('off');
    const stored = await db
      .selectFrom('planets')
      .select('last_visit')
      .where('id', '=', planetId)
      .executeTakeFirstOrThrow();
    expect(stored.last_visit).toBe(new Date(hourLater + 3_600_000).toISOString());
  });
});

describe('a lost connection to PostgreSQL', () => {
  it('empties the states the process keeps, and the pool connects again', async (ctx) => {
    if (!onPostgres() || process.env.TEST_DATABASE_URL === undefined) ctx.skip();
    const url = process.env.TEST_DATABASE_URL as string;
    // A handle of its own, one connection, on this test's schema: only its backend is ended.
    const handle = openDatabase({
      kind: 'postgres',
      url,
      ...(t.database.schema === undefined ? {} : { schema: t.database.schema }),
      poolSize: 1,
    });
    try {
      const player = await registerPlayer(t.app);
      const cache = stateCacheFor(handle.db);
      const kept = stateCacheFor(t.database.db);
      const deps = economyDeps({ db: handle.db, dialect: handle.dialect, config: t.config });
      await withAccount(deps, player.me.id, Date.now(), () => ({ result: null }));
      expect(cache.size).toBe(1);
      const keptBefore = kept.size;
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0]?.pid;
      expect(typeof pid).toBe('number');
      await sql`select pg_terminate_backend(${pid})`.execute(t.database.db);
      for (let waits = 0; cache.size > 0 && waits < 200; waits += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(cache.size).toBe(0);
      // Another handle's connections were not touched, nor its kept states.
      expect(kept.size).toBeGreaterThanOrEqual(keptBefore);
      // The pool opens a new connection, and the next write keeps its state again.
      await withAccount(deps, player.me.id, Date.now(), () => ({ result: null }));
      expect(cache.size).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
