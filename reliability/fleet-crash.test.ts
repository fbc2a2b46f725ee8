import { SHIPS } from '@starhold/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBackends, type Backend } from './backends.js';
import { createPrng, FULL, printFigure } from './figures.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * Fleets under kill -9 (issue 19): senders dispatch transports and attacks while readers load the
 * planets that arrivals land on, and the server dies at a random moment, arrivals being applied
 * at GAME_SPEED 1000 (flights of a few seconds). After every fleet is home: each acknowledged
 * dispatch arrived exactly once (one arrival notice per account involved, a transport's cargo as
 * dispatched, one return), no fleet's notice exists twice, in-flight dispatches count once or not
 * at all, and the ships summed over planets and fleets are the ships granted less the combat
 * reports' losses.
 */
const ROUNDS = FULL ? 12 : 5;
const PAIRS = 3;
const CARGO = { metal: 321, crystal: 123, fuel: 0 };
const GRANTED = { cargo: 5_000, fighters: 5_000, defenders: 200 };
const makers = await availableBackends();

interface Player {
  id: number;
  race: 1 | 2;
  cookie: string;
}

interface Dispatched {
  owner: Player;
  target: Player;
  mission: 1 | 3;
  fleetId: number;
}

const cargoShip = (player: Player) => (player.race === 1 ? 7 : 17);
const fighter = (player: Player) => (player.race === 1 ? 1 : 11);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(server: ServerProcess, player: Player, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: player.cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown } };
}

async function register(server: ServerProcess, name: string, race: 1 | 2): Promise<Player> {
  const response = await fetch(`${server.base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}@example.test`,
      username: name,
      password: 'Password1',
      race_id: race,
      remember_me: true,
    }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: ((await response.json()) as { data: { id: number } }).data.id, race, cookie };
}

/** Ships, resources and fleet slots, straight in the database while no server runs. */
async function equip(
  backend: Backend,
  senders: readonly Player[],
  targets: readonly Player[],
): Promise<void> {
  const handle = backend.open();
  const db = handle.db;
  try {
    const free = await db
      .selectFrom('orbits')
      .innerJoin('systems', 'systems.id', 'orbits.system_id')
      .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
      .select('orbits.id')
      .where('systems.security_id', 'in', [2, 3])
      .where('planets.id', 'is', null)
      .orderBy('orbits.id')
      .limit(targets.length)
      .execute();
    expect(free).toHaveLength(targets.length);
    for (const [index, player] of [...senders, ...targets].entries()) {
      const planet = await db
        .selectFrom('planets')
        .select('id')
        .where('account_id', '=', player.id)
        .executeTakeFirstOrThrow();
      const target = index >= senders.length;
      await db
        .updateTable('planets')
        .set({
          metal: 1e12,
          crystal: 1e12,
          fuel: 1e12,
          // Attacks need the target out of high security.
          ...(target ? { orbit_id: (free[index - senders.length] as { id: number }).id } : {}),
        })
        .where('id', '=', planet.id)
        .execute();
      const ships = target
        ? [{ id: fighter(player), value: GRANTED.defenders }]
        : [
            { id: cargoShip(player), value: GRANTED.cargo },
            { id: fighter(player), value: GRANTED.fighters },
          ];
      for (const ship of ships)
        await db
          .insertInto('planet_modules')
          .values({ planet_id: planet.id, type_id: 3, module_id: ship.id, value: ship.value })
          .execute();
      // Computer technology 10: eleven fleet slots.
      await db
        .insertInto('account_research')
        .values({ account_id: player.id, research_id: 4, level: 10 })
        .execute();
    }
  } finally {
    await handle.close();
  }
}

async function shipTotal(backend: Backend): Promise<number> {
  const handle = backend.open();
  const db = handle.db;
  try {
    const planets = await db
      .selectFrom('planet_modules')
      .select((eb) => eb.fn.sum<number>('value').as('total'))
      .where('type_id', '=', 3)
      .executeTakeFirstOrThrow();
    let inFlight = 0;
    for (const row of await db.selectFrom('fleets').select('data').execute()) {
      const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as {
        ships: Record<string, number>;
      };
      for (const count of Object.values(data.ships)) inFlight += count;
    }
    return Number(planets.total) + inFlight;
  } finally {
    await handle.close();
  }
}

type Stack = { kind: string; id: number; count: number }[];
interface Side {
  units_before?: Stack;
  unitsBefore?: Stack;
  units_after?: Stack;
  unitsAfter?: Stack;
}

/** The players' ships: nomad pirates that ambush a fleet (FLEETS.md section 3) were never counted. */
const PLAYABLE = new Set(SHIPS.map((ship) => ship.id));

/** Players' ships both sides lost in one combat report: the first round's less the last round's. */
function shipsLost(data: { rounds?: { attacker: Side; defender: Side }[] }): number {
  const first = data.rounds?.[0];
  const last = data.rounds?.at(-1);
  if (first === undefined || last === undefined) return 0;
  const ships = (stack: Stack | undefined) =>
    (stack ?? [])
      .filter((unit) => unit.kind === 'ship' && PLAYABLE.has(unit.id))
      .reduce((sum, unit) => sum + unit.count, 0);
  return (['attacker', 'defender'] as const).reduce(
    (sum, side) =>
      sum +
      ships(first[side].units_before ?? first[side].unitsBefore) -
      ships(last[side].units_after ?? last[side].unitsAfter),
    0,
  );
}

describe.each(makers)('fleets under kill -9 on $name', ({ make }) => {
  let backend: Backend;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    backend = await make();
  });
  afterAll(async () => {
    await server?.kill9();
    await backend.dispose();
  });

  it(`applies every acknowledged fleet's arrival exactly once over ${ROUNDS} kill -9 amid arrivals`, async () => {
    const random = createPrng(19);
    const env = {
      ...backend.env,
      GAME_SPEED: '1000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      // SQLite's log started over past 64 KiB, every second or so here (decision 255).
      SQLITE_WAL_LIMIT_MB: '0.0625',
    };
    server = await startServer(env);
    const senders: Player[] = [];
    const targets: Player[] = [];
    for (let i = 0; i < PAIRS; i += 1) {
      senders.push(await register(server, `fleetsender${i}`, i % 2 === 0 ? 1 : 2));
      targets.push(await register(server, `fleettarget${i}`, i % 2 === 0 ? 2 : 1));
    }
    await server.kill9();
    await equip(backend, senders, targets);
    const shipsBefore = await shipTotal(backend);
    const places = new Map<number, { system_id: number; orbit: number }>();
    server = await startServer(env);
    for (const target of targets) {
      const planet = (await call(server, target, 'GET', '/me/planet')).body.data as {
        planet_position: { system_id: number; index: number };
      };
      places.set(target.id, {
        system_id: planet.planet_position.system_id,
        orbit: planet.planet_position.index,
      });
    }

    const acknowledged: Dispatched[] = [];
    const statuses: number[] = [];
    let inFlight = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const live = server;
      let alive = true;
      const send = async (owner: Player, index: number) => {
        const target = targets[index] as Player;
        let turn = round;
        while (alive) {
          turn += 1;
          const mission = turn % 2 === 0 ? 1 : 3;
          const order = {
            mission,
            target: places.get(target.id),
            ships: [{ id: mission === 1 ? cargoShip(owner) : fighter(owner), count: 5 + (turn % 7) }],
            speed: 100,
            prefer: 'shortest',
            ...(mission === 1 ? { cargo: CARGO } : {}),
          };
          try {
            const answer = await call(live, owner, 'POST', '/me/fleets', order);
            statuses.push(answer.status);
            if (answer.status === 201)
              acknowledged.push({ owner, target, mission, fleetId: (answer.body.data as { id: number }).id });
          } catch {
            inFlight += 1;
            return;
          }
          await sleep(50 + random() * 150);
        }
      };
      const read = async (player: Player) => {
        while (alive) {
          try {
            statuses.push((await call(live, player, 'GET', '/me/planet')).status);
          } catch {
            return;
          }
          await sleep(30 + random() * 70);
        }
      };
      const load = Promise.all([...senders.map(send), ...targets.map(read), ...senders.map(read)]);
      // Flights last one to a few seconds: later rounds die amid the arrivals of earlier ones.
      await sleep(800 + Math.floor(random() * 2500));
      alive = false;
      await live.kill9();
      await load;
      server = await startServer(env);
    }

    // Every fleet home: reads apply the arrivals and returns, the scheduler does the rest.
    const homeBy = Date.now() + 90_000;
    for (;;) {
      const lists = await Promise.all(
        senders.map(
          async (sender) => (await call(server as ServerProcess, sender, 'GET', '/me/fleets')).body.data,
        ),
      );
      for (const target of targets) await call(server, target, 'GET', '/me/planet');
      if (lists.every((list) => (list as { own: unknown[] }).own.length === 0)) break;
      expect(Date.now(), 'every fleet home within 90 s').toBeLessThan(homeBy);
      await sleep(500);
    }
    await server.kill9();
    server = undefined;

    const handle = backend.open();
    const db = handle.db;
    let emails: { account_id: number; title: string; params: unknown }[];
    let left: number;
    try {
      emails = await db
        .selectFrom('emails')
        .select(['account_id', 'title', 'params'])
        .where('title', 'in', ['transport_delivered', 'combat_report', 'fleet_returned'])
        .execute();
      left = (await db.selectFrom('fleets').select('id').execute()).length;
    } finally {
      await handle.close();
    }
    expect(left, 'fleet rows left').toBe(0);
    const notices = new Map<string, Record<string, unknown>[]>();
    for (const email of emails) {
      const params = (typeof email.params === 'string' ? JSON.parse(email.params) : email.params) as Record<
        string,
        unknown
      >;
      const key = `${String(params.owner_id)}/${String(params.fleet_id)}/${email.account_id}/${email.title}`;
      notices.set(key, [...(notices.get(key) ?? []), params]);
    }
    const twice = [...notices]
      .filter(([, list]) => list.length > 1)
      .map(([key, list]) => `${key} x${list.length}`);
    expect(twice, 'notices of one fleet written twice').toEqual([]);
    const problems: string[] = [];
    const attackerReports: number[] = [];
    for (const fleet of acknowledged) {
      const title = fleet.mission === 1 ? 'transport_delivered' : 'combat_report';
      for (const account of [fleet.owner, fleet.target]) {
        const got = notices.get(`${fleet.owner.id}/${fleet.fleetId}/${account.id}/${title}`) ?? [];
        if (got.length !== 1)
          problems.push(`fleet ${fleet.owner.id}/${fleet.fleetId}: ${got.length} ${title} for ${account.id}`);
        const params = got[0];
        if (fleet.mission === 1 && params !== undefined) {
          const delivered = { metal: params.metal, crystal: params.crystal, fuel: params.fuel };
          if (JSON.stringify(delivered) !== JSON.stringify(CARGO))
            problems.push(
              `transport ${fleet.owner.id}/${fleet.fleetId} delivered ${JSON.stringify(delivered)}`,
            );
        }
        if (fleet.mission === 3 && account === fleet.owner && typeof params?.report_id === 'number')
          attackerReports.push(params.report_id);
      }
      if (
        fleet.mission === 1 &&
        !notices.has(`${fleet.owner.id}/${fleet.fleetId}/${fleet.owner.id}/fleet_returned`)
      )
        problems.push(`transport ${fleet.owner.id}/${fleet.fleetId} never returned`);
    }
    expect(problems).toEqual([]);
    const arrived = new Set(
      [...notices.keys()]
        .filter((key) => key.endsWith('transport_delivered') || key.endsWith('combat_report'))
        .map((key) => key.split('/').slice(0, 2).join('/')),
    );
    // Each fleet that arrived was either acknowledged or in flight at a kill, never invented.
    expect(arrived.size).toBeGreaterThanOrEqual(acknowledged.length);
    expect(arrived.size).toBeLessThanOrEqual(acknowledged.length + inFlight);

    // The in-flight attacks' reports count too: every report of an attacker's copy.
    const reportHandle = backend.open();
    const reportDb = reportHandle.db;
    let lost = 0;
    try {
      const attackerIds = senders.map((sender) => sender.id);
      for (const row of await reportDb
        .selectFrom('reports')
        .select('data')
        .where('kind', '=', 'combat')
        .where('account_id', 'in', attackerIds)
        .execute())
        lost += shipsLost(
          (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Parameters<typeof shipsLost>[0],
        );
    } finally {
      await reportHandle.close();
    }
    expect(attackerReports.length).toBeGreaterThan(0);
    expect(await shipTotal(backend)).toBe(shipsBefore - lost);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    printFigure(
      `fleet crash durability (${backend.name})`,
      `${ROUNDS} kill -9 amid arrivals: ${acknowledged.length} acknowledged dispatches each arrived exactly once (${arrived.size} arrivals, ${inFlight} dispatches in flight at a kill), ${emails.length} notices none twice, ships conserved less ${lost} lost in combat, zero 5xx`,
    );
  }, 600_000);
});
