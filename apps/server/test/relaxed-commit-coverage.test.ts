/**
 * Decisions 208 and 257, checked from the wire: on PostgreSQL every transaction a player's play
 * writes in commits without waiting for the log's flush. The statements each pooled connection
 * sends are recorded while a session plays (constructions, unit orders, emails, fleets, the
 * scheduler's arrivals, a commandant, a visit); every unit of work that writes (a transaction, or
 * a statement on its own) must turn `synchronous_commit` off in itself. A game write added later
 * without it fails here, as the scheduler's settling would have (decision 257).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economyDeps, runSchedulerOnce } from '../src/modules/economy/index.js';
import { homePlanetId, setModule, setResearch, setResources } from './economy-fixtures.js';
import { call, equip, fleetOrder, homePlace } from './fleets-fixtures.js';
import { createTestApp, loginPlayer, registerPlayer, type TestApp } from './helpers/index.js';

const RELAXED = "set_config('synchronous_commit', 'off', true)";
const SMALL_CARGO = 7;
const SPY_PROBE = 6;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * The statements each connection sends while `play` runs, in order. Recorded where every query
 * goes out (pg's `Query.prototype.submit`, called with the connection it is sent on): the pool's
 * clients bind their `query` method when they first connect (db/database.ts), before any test
 * could wrap it.
 */
async function recordStatements(play: () => Promise<void>): Promise<Map<object, string[]>> {
  const sent = new Map<object, string[]>();
  const prototype = pg.Query.prototype as unknown as {
    submit: (this: { text?: string }, connection: object) => unknown;
  };
  const original = prototype.submit;
  prototype.submit = function recorded(this: { text?: string }, connection: object) {
    const list = sent.get(connection) ?? [];
    list.push(this.text ?? '');
    sent.set(connection, list);
    return original.call(this, connection);
  };
  try {
    await play();
  } finally {
    prototype.submit = original;
  }
  return sent;
}

const WRITES =
  /^\s*(insert\s+into|update|delete\s+from)\b|\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i;

/** A connection's statements cut into units of work: a transaction, or a statement on its own. */
function unitsOf(statements: readonly string[]): string[][] {
  const units: string[][] = [];
  let open: string[] | null = null;
  for (const statement of statements) {
    const word = statement.trim().toLowerCase();
    if (word === 'begin' || word.startsWith('begin ')) {
      open = [];
    } else if (word === 'commit' || word === 'rollback') {
      if (open !== null) units.push(open);
      open = null;
    } else if (open !== null) open.push(statement);
    else units.push([statement]);
  }
  if (open !== null) units.push(open);
  return units;
}

describe('game writes on PostgreSQL', () => {
  it('commit without waiting for the flush, every one of them', async (ctx) => {
    if (t.database.dialect.name !== 'postgres') ctx.skip();
    const db = t.database.db;
    let attacker = await registerPlayer(t.app);
    let target = await registerPlayer(t.app);
    const attackerPlanet = await equip(db, attacker.me.id, { [SMALL_CARGO]: 20, [SPY_PROBE]: 5 });
    // A shipyard and Combustion Drive 1: the light fighter can be ordered.
    await setModule(db, attackerPlanet, 2, 2, 1);
    await setResearch(db, attacker.me.id, 7, 1);
    const targetPlace = await homePlace(db, target.me.id);
    const targetPlanet = await homePlanetId(db, target.me.id);
    await setResources(db, targetPlanet, { metal: 1000, crystal: 1000, fuel: 1000 });
    // Factory 1 at level 1: the first goal is there to claim.
    await setModule(db, targetPlanet, 1, 1, 1);
    await db.updateTable('accounts').set({ nmi: 1000 }).where('id', '=', attacker.me.id).execute();
    const welcome = await db
      .selectFrom('emails')
      .select('id')
      .where('account_id', '=', attacker.me.id)
      .executeTakeFirstOrThrow();

    const statuses: Record<string, number> = {};
    const sent = await recordStatements(async () => {
      const started = await call(t, attacker, 'POST', '/me/planet/factories/1');
      statuses['level start'] = started.status;
      const id = (started.body.data as { id?: number }).id;
      statuses['level cancel'] = (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/me/planet/factories?id=${String(id)}`,
          headers: attacker.headers,
        })
      ).statusCode;
      statuses['ship order'] = (await call(t, attacker, 'POST', '/me/planet/ships/1', { value: 1 })).status;
      statuses['email read'] = (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/me/emails/${welcome.id}`,
          headers: attacker.headers,
        })
      ).statusCode;
      const transport = await call(
        t,
        attacker,
        'POST',
        '/me/fleets',
        fleetOrder(targetPlace, 1, { [SMALL_CARGO]: 2 }, { metal: 100, crystal: 0, fuel: 0 }),
      );
      statuses.transport = transport.status;
      const transportId = (transport.body.data as { id?: number }).id;
      statuses.recall = (await call(t, attacker, 'POST', `/me/fleets/${String(transportId)}/recall`)).status;
      statuses.spy = (
        await call(t, attacker, 'POST', '/me/fleets', fleetOrder(targetPlace, 4, { [SPY_PROBE]: 1 }))
      ).status;
      statuses.commandant = (await call(t, attacker, 'POST', '/me/commandants/1', { time: 1 })).status;
      statuses.rename = (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/me/planet',
          headers: attacker.headers,
          payload: { name: 'Relaxed' },
        })
      ).statusCode;
      statuses.focus = (await call(t, attacker, 'POST', '/me/planet', { planet_index: 0 })).status;
      statuses['goal claim'] = (await call(t, target, 'POST', '/me/goals/1/claim')).status;
      statuses.visit = (await call(t, target, 'GET', '/me/planet')).status;
      // Everything lands and comes back: the scheduler's arrivals and settling.
      t.clock.advance(7 * 24 * 3600_000);
      const deps = economyDeps({ db, dialect: t.database.dialect, config: t.config });
      statuses.scheduler = await runSchedulerOnce(deps, t.clock());
      [attacker, target] = await Promise.all([loginPlayer(t.app, attacker), loginPlayer(t.app, target)]);
      statuses['read after'] = (await call(t, attacker, 'GET', '/me/planet')).status;
    });

    expect(statuses).toMatchObject({
      'level start': 200,
      'level cancel': 200,
      'ship order': 200,
      'email read': 200,
      transport: 201,
      recall: 200,
      spy: 201,
      commandant: 200,
      rename: 200,
      focus: 200,
      'goal claim': 200,
      visit: 200,
      'read after': 200,
    });
    expect(statuses.scheduler).toBeGreaterThan(0);

    const writing = [...sent.values()].flatMap(unitsOf).filter((unit) => unit.some((s) => WRITES.test(s)));
    // Logging in again writes sessions and known addresses, which wait for the flush by design
    // (decision 208).
    const play = writing.filter(
      (unit) => !unit.some((s) => /refresh_tokens|login_attempts|login_known_addresses|auth_epoch/.test(s)),
    );
    expect(play.length).toBeGreaterThan(8);
    const waiting = play.filter((unit) => !unit.some((s) => s.includes(RELAXED)));
    expect(waiting.map((unit) => unit.map((s) => s.slice(0, 120)))).toEqual([]);
  });
});
