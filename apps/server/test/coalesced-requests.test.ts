import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_VISIT_PERIOD_MS } from '../src/modules/economy/visits.repository.js';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

/** Counts the statements the app runs (every executed query passes through transformResult). */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return Promise.resolve(args.result);
  }
}

const counter = new StatementCounter();
let t: TestApp;
const players: TestPlayer[] = [];
const ROUTES = [
  '/api/v1/me',
  '/api/v1/me/planet',
  '/api/v1/me/planet/factories',
  '/api/v1/systems',
  '/api/v1/accounts?offset=0&limit=20',
] as const;

beforeAll(async () => {
  t = await createTestApp({ plugin: counter });
  for (let i = 0; i < 12; i += 1) players.push(await registerPlayer(t.app));
});
afterAll(async () => {
  await t.close();
});

const get = (player: TestPlayer, url: string) =>
  t.app.inject({ method: 'GET', url, headers: player.headers });

describe('reads shared by the requests of the same moment', () => {
  it.each(ROUTES)(
    '%s: concurrent callers share their reads and each gets what it would alone',
    async (url) => {
      // Alone, one after the other: each player's answer, and the process warmed (tokens checked, states kept).
      const alone = new Map<number, string>();
      for (const player of players) {
        const response = await get(player, url);
        expect(response.statusCode).toBe(200);
        alone.set(player.me.id, response.body);
      }
      const before = counter.count;
      for (const player of players) await get(player, url);
      const sequential = counter.count - before;

      const start = counter.count;
      const together = await Promise.all(players.map((player) => get(player, url)));
      const concurrent = counter.count - start;

      together.forEach((response, index) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(alone.get(players[index]?.me.id ?? 0));
      });
      // Alone, every request reads the auth epoch and its own rows; together they share them.
      expect(sequential).toBeGreaterThanOrEqual(2 * players.length);
      expect(concurrent).toBeLessThanOrEqual(4);
    },
  );

  it('records the visits of concurrent first screens in one shared write, each before its answer', async () => {
    t.clock.advance(LAST_VISIT_PERIOD_MS + 1_000);
    const now = new Date(t.clock()).toISOString();
    const start = counter.count;
    const answers = await Promise.all(players.map((player) => get(player, '/api/v1/me/planet/factories')));
    const statements = counter.count - start;
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const visits = await t.database.db
      .selectFrom('planets')
      .select('last_visit')
      .where(
        'account_id',
        'in',
        players.map((player) => player.me.id),
      )
      .execute();
    expect(visits).toHaveLength(players.length);
    for (const visit of visits) expect(visit.last_visit).toBe(now);
    // The auth epoch, the account rows and the visits: one statement each for the 12 callers.
    expect(statements).toBeLessThanOrEqual(4);
  });

  it('loads the states the process does not keep in one shared snapshot, each as a lone read would show it', async () => {
    // A change written straight into the tables (as another process would) moves every state version.
    await t.database.db
      .updateTable('planets')
      .set((eb) => ({ metal: eb('metal', '+', 100) }))
      .where(
        'account_id',
        'in',
        players.map((player) => player.me.id),
      )
      .execute();
    const start = counter.count;
    const together = await Promise.all(players.map((player) => get(player, '/api/v1/me/planet/factories')));
    const statements = counter.count - start;
    for (const [index, player] of players.entries()) {
      expect(together[index]?.statusCode).toBe(200);
      expect(together[index]?.body).toBe((await get(player, '/api/v1/me/planet/factories')).body);
    }
    // Alone, each cold read is a locking transaction of about 9 statements; shared: the auth epoch,
    // the account rows, then one statement per table for all 12 (6).
    expect(statements).toBeLessThanOrEqual(10);
  });

  it('a revocation committed before a request is seen by it, even among concurrent requests', async () => {
    const [victim, ...others] = players;
    if (victim === undefined) throw new Error('no players');
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('account_id', '=', victim.me.id)
      .execute();
    const answers = await Promise.all([victim, ...others].map((player) => get(player, '/api/v1/me')));
    expect(answers[0]?.statusCode).toBe(401);
    for (const answer of answers.slice(1)) expect(answer.statusCode).toBe(200);
  });
});
