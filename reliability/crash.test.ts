import { levelCost, unitCost } from '@starhold/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economyDb } from '../apps/server/src/modules/economy/economy.repository.js';
import { availableBackends, sqliteBackend, type Backend } from './backends.js';
import { createPrng, FULL, printFigure } from './figures.js';
import { spawnServer, startServer, freePort, type ServerProcess } from './server-process.js';

/**
 * Figure 7 of the battery: kill -9 of the server under load, restart, and check that nothing it
 * acknowledged was lost or duplicated and that the economy's invariants still hold.
 */
const ROUNDS = FULL ? 50 : 10;
const PLAYERS = 3;
const makers = await availableBackends();

interface Player {
  id: number;
  cookie: string;
}

interface Acks {
  /** Highest acknowledged target level per `type:module`. */
  levels: Map<string, number>;
  /** Units acknowledged and units requested (acknowledged or not) per `type:module`. */
  unitsAcked: Map<string, number>;
  unitsSent: Map<string, number>;
  /** Latest acknowledged end of each commandant. */
  commandants: Map<number, number>;
}

const KINDS = { 1: 'factories', 2: 'buildings', 3: 'ships', 4: 'defenses', 5: 'researchs' } as const;

function newAcks(): Acks {
  return { levels: new Map(), unitsAcked: new Map(), unitsSent: new Map(), commandants: new Map() };
}

const add = (map: Map<string, number>, key: string, amount: number) =>
  map.set(key, (map.get(key) ?? 0) + amount);

async function call(server: ServerProcess, player: Player, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: player.cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown } };
}

/** Spends through the API until the server dies under it, recording every acknowledgement. */
async function loadUntilKilled(
  server: ServerProcess,
  player: Player,
  acks: Acks,
  random: () => number,
  statuses: number[],
): Promise<void> {
  for (;;) {
    const pick = random();
    try {
      if (pick < 0.45) {
        const [typeId, moduleId] = (
          [
            [1, 1],
            [1, 2],
            [1, 3],
            [2, 1],
            [2, 4],
            [5, 1],
          ] as const
        )[Math.floor(random() * 6)] ?? [1, 1];
        const answer = await call(server, player, 'POST', `/me/planet/${KINDS[typeId]}/${moduleId}`);
        statuses.push(answer.status);
        if (answer.status === 200) {
          const item = answer.body.data as { scheduled_value: number };
          const key = `${typeId}:${moduleId}`;
          acks.levels.set(key, Math.max(acks.levels.get(key) ?? 0, item.scheduled_value));
        }
      } else if (pick < 0.8) {
        const value = 1 + Math.floor(random() * 3);
        add(acks.unitsSent, '3:1', value);
        const answer = await call(server, player, 'POST', '/me/planet/ships/1', { value });
        statuses.push(answer.status);
        if (answer.status === 200) add(acks.unitsAcked, '3:1', value);
      } else {
        const id = 1 + Math.floor(random() * 5);
        const answer = await call(server, player, 'POST', `/me/commandants/${id}`, { time: 1 });
        statuses.push(answer.status);
        if (answer.status === 200) {
          const until = Date.parse((answer.body.data as { available_until: string }).available_until);
          acks.commandants.set(id, Math.max(acks.commandants.get(id) ?? 0, until));
        }
      }
    } catch {
      return;
    }
  }
}

interface ModuleList {
  modules: { id: number; level?: number; value?: number }[];
  construction_lists: { type_id: number; module_id: number; scheduled_value: number; delivered?: number }[];
}

const sum = (cost: { metal: number; crystal: number; fuel: number }) => cost.metal + cost.crystal + cost.fuel;

/** What the player owns, priced with the rules' cost formulas (points are worth / 1000). */
async function ownedWorth(server: ServerProcess, player: Player): Promise<number> {
  let worth = 0;
  for (const [typeText, kind] of Object.entries(KINDS)) {
    const typeId = Number(typeText) as 1 | 2 | 3 | 4 | 5;
    const list = (await call(server, player, 'GET', `/me/planet/${kind}`)).body.data as ModuleList;
    for (const module of list.modules) {
      if (typeId === 3 || typeId === 4) worth += (module.value ?? 0) * sum(unitCost(typeId, module.id));
      else for (let l = 1; l <= (module.level ?? 0); l += 1) worth += sum(levelCost(typeId, module.id, l));
    }
  }
  return worth;
}

/** Reads the player back after a restart and checks acknowledgements and invariants. */
async function verify(server: ServerProcess, player: Player, acks: Acks): Promise<void> {
  for (const [typeText, kind] of Object.entries(KINDS)) {
    const typeId = Number(typeText) as 1 | 2 | 3 | 4 | 5;
    const list = (await call(server, player, 'GET', `/me/planet/${kind}`)).body.data as ModuleList;
    for (const module of list.modules) {
      const key = `${typeId}:${module.id}`;
      const queued = list.construction_lists.filter(
        (item) => item.type_id === typeId && item.module_id === module.id,
      );
      if (typeId === 3 || typeId === 4) {
        const owned = module.value ?? 0;
        const pending = queued.reduce(
          (total, item) => total + item.scheduled_value - (item.delivered ?? 0),
          0,
        );
        expect(owned + pending, `units ${key} acknowledged`).toBeGreaterThanOrEqual(
          acks.unitsAcked.get(key) ?? 0,
        );
        expect(owned + pending, `units ${key} never more than requested`).toBeLessThanOrEqual(
          acks.unitsSent.get(key) ?? 0,
        );
      } else {
        const level = module.level ?? 0;
        const highest = Math.max(level, ...queued.map((item) => item.scheduled_value));
        expect(highest, `level ${key} acknowledged`).toBeGreaterThanOrEqual(acks.levels.get(key) ?? 0);
      }
    }
  }
  const commandants = (await call(server, player, 'GET', '/me/commandants')).body.data as {
    commandant: { id: number };
    available_until: string | null;
  }[];
  for (const [id, until] of acks.commandants) {
    const row = commandants.find((c) => c.commandant.id === id);
    expect(Date.parse(row?.available_until ?? ''), `commandant ${id} acknowledged`).toBeGreaterThanOrEqual(
      until,
    );
  }
  const planet = (await call(server, player, 'GET', '/me/planet')).body.data as {
    resources: { value: number }[];
  };
  for (const resource of planet.resources) expect(resource.value).toBeGreaterThanOrEqual(0);
  // The server's clock runs on: a level may complete between the reads, so the points must lie
  // between the worth read just before and just after them.
  const before = await ownedWorth(server, player);
  const me = (await call(server, player, 'GET', '/me')).body.data as { total_points: number; nmi: number };
  const after = await ownedWorth(server, player);
  expect(me.nmi).toBeGreaterThanOrEqual(0);
  expect(me.total_points).toBeGreaterThanOrEqual(before / 1000 - 1e-6);
  expect(me.total_points).toBeLessThanOrEqual(after / 1000 + 1e-6);
}

/** Refills what the load spends, straight in the database while no server runs. */
async function refill(backend: Backend, players: readonly Player[], firstTime: boolean): Promise<void> {
  const handle = backend.open();
  try {
    for (const player of players) {
      await handle.db.updateTable('accounts').set({ nmi: 1_000_000 }).where('id', '=', player.id).execute();
      await handle.db
        .updateTable('planets')
        .set({ metal: 1e12, crystal: 1e12, fuel: 1e12 })
        .where('account_id', '=', player.id)
        .execute();
      if (firstTime) {
        const planet = await handle.db
          .selectFrom('planets')
          .select('id')
          .where('account_id', '=', player.id)
          .executeTakeFirstOrThrow();
        // Command center 2 and shipyard 1 and Combustion drive 1: light fighters can be ordered.
        const db = economyDb(handle.db);
        await db
          .insertInto('planet_modules')
          .values([
            { planet_id: planet.id, type_id: 2, module_id: 1, value: 2 },
            { planet_id: planet.id, type_id: 2, module_id: 2, value: 1 },
          ])
          .execute();
        await db
          .insertInto('account_research')
          .values({ account_id: player.id, research_id: 7, level: 1 })
          .execute();
      }
    }
  } finally {
    await handle.close();
  }
}

describe.each(makers)('crash durability on $name', ({ make }) => {
  let backend: Backend;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    backend = await make();
  });
  afterAll(async () => {
    await server?.kill9();
    await backend.dispose();
  });

  it(`loses no acknowledged construction, order or unlock over ${ROUNDS} kill -9 under load`, async () => {
    const random = createPrng(7);
    const env = { ...backend.env, GAME_SPEED: '50', RATE_LIMIT_PER_MINUTE: '1000000' };
    server = await startServer(env);
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const response = await fetch(`${server.base}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `crash${i}@example.test`,
          username: `crash${i}`,
          password: 'Password1',
          race_id: 1 + (i % 2),
          remember_me: true,
        }),
      });
      expect(response.status).toBe(201);
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      players.push({ id: ((await response.json()) as { data: { id: number } }).data.id, cookie });
    }
    await server.kill9();
    await refill(backend, players, true);
    server = await startServer(env);

    const acks = players.map(() => newAcks());
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const loads = players.map((player, i) =>
        loadUntilKilled(server as ServerProcess, player, acks[i] ?? newAcks(), random, statuses),
      );
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.floor(random() * 600)));
      await server.kill9();
      await Promise.all(loads);
      await refill(backend, players, false);
      server = await startServer(env);
      for (const [i, player] of players.entries()) await verify(server, player, acks[i] ?? newAcks());
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const acknowledged = statuses.filter((status) => status === 200).length;
    printFigure(
      `crash durability (${backend.name})`,
      `${ROUNDS} kill -9 under load, ${acknowledged} acknowledged writes of ${statuses.length} answers: none lost, none duplicated, invariants held, zero 5xx`,
    );
  }, 600_000);
});

describe('the SQLite data directory lock', () => {
  it('refuses a second server on the same data directory while the first runs', async () => {
    const backend = sqliteBackend();
    const first = await startServer(backend.env);
    try {
      const second = spawnServer(await freePort(), backend.env);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/already used by another Starhold server/);
      expect((await fetch(`${first.base}/health`)).status).toBe(200);
    } finally {
      await first.kill9();
      await backend.dispose();
    }
    printFigure(
      'data directory lock (sqlite)',
      'a second server on the same SQLite data directory exits with an explanation; the first keeps serving',
    );
  });
});
