import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { levelCost, unitCost, type Resources } from '@starhold/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppInstance } from '../../src/context.js';
import { homePlanetId, setResources } from '../economy-fixtures.js';
import {
  cookieHeader,
  cookiesOf,
  createTestClock,
  createTestDatabase,
  JSON_HEADERS,
  registerPlayer,
  testConfig,
  type TestDatabase,
  type TestPlayer,
} from '../helpers/index.js';
import { countStatuses, FULL, printFigure, scaled } from './support.js';

/**
 * Figure 2 of the battery: a model-based test of the HTTP API. Random sequences of builds,
 * orders, cancels, demolitions, commandant unlocks, clock jumps and parallel bursts run against
 * the real app; after every step the invariants of the economy are read back through the API and
 * the database.
 */
const RUNS = scaled(1000, 25);
const MAX_STEPS = 50;
/**
 * fast-check's size of generated command lists: the full battery runs 1000 short sequences (about
 * 5 steps on average, up to 50), `npm test` fewer but long ones (about 25 steps on average).
 */
const SIZE = FULL ? 'small' : 'max';
const RESOURCE_KEYS = ['metal', 'crystal', 'fuel'] as const;

const clock = createTestClock();
let app: AppInstance;
let database: TestDatabase;
beforeAll(async () => {
  // One fresh account per run: a universe large enough for a thousand home planets.
  database = await createTestDatabase({ seed: 'model', systemCount: 1500 });
  app = await buildApp({
    config: testConfig(),
    db: database.db,
    dialect: database.dialect,
    clock,
    random: randomBytes,
    rateLimit: { max: 100_000_000, windowMs: 60_000 },
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.dispose();
});

interface Real {
  player: TestPlayer;
  planetId: number;
}

/** What the model remembers between steps. */
interface Model {
  resources: Resources;
  paid: Resources;
  refunded: Resources;
  /** Construction ids already counted as paid (seen in progress). */
  paidIds: Set<number>;
  statuses: number[];
}

type Action =
  | { kind: 'start'; path: string }
  | { kind: 'order'; path: string; value: number }
  | { kind: 'cancel'; path: string }
  | { kind: 'demolish'; path: string }
  | { kind: 'unlock'; path: string; time: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc
    .constantFrom(
      ...[1, 2, 3].map((id) => `/me/planet/factories/${id}`),
      ...[1, 2, 3, 4].map((id) => `/me/planet/buildings/${id}`),
      ...[1, 4, 7].map((id) => `/me/planet/researchs/${id}`),
    )
    .map((path): Action => ({ kind: 'start', path })),
  fc
    .record({
      path: fc.constantFrom('/me/planet/ships/1', '/me/planet/defenses/1'),
      value: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ path, value }): Action => ({ kind: 'order', path, value })),
  fc
    .constantFrom('/me/planet/factories', '/me/planet/buildings', '/me/planet/researchs')
    .map((path): Action => ({ kind: 'cancel', path })),
  fc
    .constantFrom(
      '/me/planet/factories/1',
      '/me/planet/factories/2',
      '/me/planet/buildings/1',
      '/me/planet/buildings/4',
    )
    .map((path): Action => ({ kind: 'demolish', path })),
  fc
    .record({ id: fc.integer({ min: 1, max: 5 }), time: fc.integer({ min: 1, max: 4 }) })
    .map(({ id, time }): Action => ({ kind: 'unlock', path: `/me/commandants/${id}`, time })),
);

interface Sent {
  status: number;
  refund: Resources;
  /** Items this answer shows in progress (so paid), even if a parallel cancel removes them at once. */
  inProgress: Started[];
}

interface Started {
  id: number;
  type_id: number;
  module_id: number;
  target_value: number;
}

interface ConstructionBody {
  id: number;
  type_id: number;
  module_id: number;
  state: number;
  scheduled_value: number;
}

const inProgressOf = (items: ConstructionBody[]): Started[] =>
  items
    .filter((item) => item.state === 2)
    .map((item) => ({
      id: item.id,
      type_id: item.type_id,
      module_id: item.module_id,
      target_value: item.scheduled_value,
    }));

async function send(real: Real, action: Action): Promise<Sent> {
  const method = action.kind === 'cancel' || action.kind === 'demolish' ? 'DELETE' : 'POST';
  const response = await app.inject({
    method,
    url: `/api/v1${action.path}`,
    headers: real.player.headers,
    ...(action.kind === 'order' ? { payload: { value: action.value } } : {}),
    ...(action.kind === 'unlock' ? { payload: { time: action.time } } : {}),
  });
  const refund = { metal: 0, crystal: 0, fuel: 0 };
  let inProgress: Started[] = [];
  if (action.kind === 'cancel' && response.statusCode === 200) {
    const body = response.json<{
      data: {
        refund: { resource: { name: string }; amount: number }[];
        construction_lists: ConstructionBody[];
      };
    }>();
    for (const item of body.data.refund) {
      const key = item.resource.name as keyof Resources;
      refund[key] += item.amount;
    }
    inProgress = inProgressOf(body.data.construction_lists);
  }
  if (action.kind === 'start' && response.statusCode === 200) {
    inProgress = inProgressOf([response.json<{ data: ConstructionBody }>().data]);
  }
  return { status: response.statusCode, refund, inProgress };
}

/** What the account owns, read straight from the tables, priced with the rules' cost formulas. */
async function ownedWorth(real: Real): Promise<number> {
  const db = database.db;
  const modules = await db
    .selectFrom('planet_modules')
    .select(['type_id', 'module_id', 'value'])
    .where('planet_id', '=', real.planetId)
    .execute();
  const research = await db
    .selectFrom('account_research')
    .select(['research_id', 'level'])
    .where('account_id', '=', real.player.me.id)
    .execute();
  const worth = (cost: Resources) => cost.metal + cost.crystal + cost.fuel;
  let total = 0;
  for (const row of modules) {
    if (row.type_id === 1 || row.type_id === 2) {
      for (let level = 1; level <= row.value; level += 1)
        total += worth(levelCost(row.type_id, row.module_id, level));
    } else if (row.type_id === 3 || row.type_id === 4) {
      total += row.value * worth(unitCost(row.type_id, row.module_id));
    }
  }
  for (const row of research) {
    for (let level = 1; level <= row.level; level += 1) total += worth(levelCost(5, row.research_id, level));
  }
  return total / 1000;
}

/** Reads the account back and checks every invariant against what the model saw before. */
function countPaid(model: Model, items: readonly Started[]): void {
  for (const item of items) {
    const typeId = item.type_id;
    if (model.paidIds.has(item.id) || (typeId !== 1 && typeId !== 2 && typeId !== 5)) continue;
    model.paidIds.add(item.id);
    const cost = levelCost(typeId, item.module_id, item.target_value);
    for (const key of RESOURCE_KEYS) model.paid[key] += cost[key];
  }
}

async function checkInvariants(model: Model, real: Real, refund: Resources): Promise<void> {
  const planet = (
    await app.inject({ method: 'GET', url: '/api/v1/me/planet', headers: real.player.headers })
  ).json<{
    data: { resources: { resource: { name: string }; value: number; max: number }[] };
  }>();
  const now: Resources = { metal: 0, crystal: 0, fuel: 0 };
  for (const item of planet.data.resources) {
    const key = item.resource.name as keyof Resources;
    now[key] = item.value;
    expect(item.value, `${key} never negative`).toBeGreaterThanOrEqual(0);
    // Production stops at the hangar capacity; only refunds may lift a stock past it.
    expect(item.value, `${key} never grows past capacity`).toBeLessThanOrEqual(
      Math.max(item.max, model.resources[key]) + refund[key] + 1,
    );
  }
  model.resources = now;

  const started = await database.db
    .selectFrom('constructions')
    .select(['id', 'type_id', 'module_id', 'target_value'])
    .where('account_id', '=', real.player.me.id)
    .where('state', '=', 2)
    .execute();
  countPaid(model, started);
  for (const key of RESOURCE_KEYS) {
    model.refunded[key] += refund[key];
    expect(model.refunded[key], `refunds of ${key} never exceed payments`).toBeLessThanOrEqual(
      model.paid[key],
    );
  }

  const me = (await app.inject({ method: 'GET', url: '/api/v1/me', headers: real.player.headers })).json<{
    data: { total_points: number; nmi: number };
  }>();
  expect(me.data.nmi, 'NMI never negative').toBeGreaterThanOrEqual(0);
  expect(me.data.total_points).toBeCloseTo(await ownedWorth(real), 6);
}

/** Access tokens live 15 minutes: after a jump the session is renewed as the web client does. */
async function refreshSession(real: Real): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { ...JSON_HEADERS, cookie: real.player.cookie },
  });
  expect(response.statusCode).toBe(200);
  const cookie = cookieHeader(cookiesOf(response));
  real.player = { ...real.player, cookie, headers: { ...JSON_HEADERS, cookie } };
}

function checkStatus(status: number, action: Action): void {
  // 200 done, 409 refused by a game rule, 422 not enough resources: nothing else is a valid answer.
  expect([200, 409, 422], `${action.kind} ${action.path} answered ${status}`).toContain(status);
}

class Act implements fc.AsyncCommand<Model, Real> {
  constructor(readonly action: Action) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const sent = await send(real, this.action);
    checkStatus(sent.status, this.action);
    model.statuses.push(sent.status);
    countPaid(model, sent.inProgress);
    await checkInvariants(model, real, sent.refund);
  }
  toString(): string {
    return `${this.action.kind} ${this.action.path}`;
  }
}

class Parallel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly actions: Action[]) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const sent = await Promise.all(this.actions.map((action) => send(real, action)));
    const refund = { metal: 0, crystal: 0, fuel: 0 };
    sent.forEach((result, index) => {
      const action = this.actions[index];
      if (action) checkStatus(result.status, action);
      model.statuses.push(result.status);
      countPaid(model, result.inProgress);
      for (const key of RESOURCE_KEYS) refund[key] += result.refund[key];
    });
    await checkInvariants(model, real, refund);
  }
  toString(): string {
    return `parallel(${this.actions.map((a) => `${a.kind} ${a.path}`).join(', ')})`;
  }
}

class ClockJump implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seconds: number) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    clock.advance(this.seconds * 1000);
    await refreshSession(real);
    await checkInvariants(model, real, { metal: 0, crystal: 0, fuel: 0 });
  }
  toString(): string {
    return `clock +${this.seconds}s`;
  }
}

const commands = [
  fc
    .constant(null)
    .chain(() => actionArb)
    .map((action) => new Act(action)),
  fc
    .constant(null)
    .chain(() => actionArb)
    .map((action) => new Act(action)),
  fc.array(actionArb, { minLength: 2, maxLength: 6 }).map((actions) => new Parallel(actions)),
  fc.integer({ min: 1, max: 4 * 3600 }).map((seconds) => new ClockJump(seconds)),
];

describe(`model-based test: ${RUNS} runs of up to ${MAX_STEPS} steps through the HTTP API`, () => {
  it('keeps resources non-negative and under capacity, refunds under payments and points equal to the worth of what is owned', async () => {
    const statuses: number[] = [];
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_STEPS, size: SIZE }), async (cmds) => {
        const player = await registerPlayer(app);
        const planetId = await homePlanetId(database.db, player.me.id);
        // Enough to reach a shipyard within a run, and over the hangar capacity from the start.
        await setResources(database.db, planetId, { metal: 20_000, crystal: 15_000, fuel: 8_000 });
        const model: Model = {
          resources: { metal: 20_000, crystal: 15_000, fuel: 8_000 },
          paid: { metal: 0, crystal: 0, fuel: 0 },
          refunded: { metal: 0, crystal: 0, fuel: 0 },
          paidIds: new Set(),
          statuses,
        };
        steps += [...cmds].length;
        await fc.asyncModelRun(() => ({ model, real: { player, planetId } }), cmds);
      }),
      { numRuns: RUNS },
    );
    const counts = countStatuses(statuses);
    expect(Object.keys(counts).every((status) => Number(status) < 500)).toBe(true);
    printFigure(
      'model-based test',
      `${RUNS} runs, ${steps} steps, answers ${JSON.stringify(counts)}: every invariant held after every step`,
    );
  }, 900_000);
});
