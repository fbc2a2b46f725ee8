/**
 * The fleet phase of the scale-out test (issue 19): every player sends one fleet in the same
 * second, half of them attacks on a neighbour moved to low security, half transports with cargo,
 * across both processes; process A is killed with SIGKILL while the arrivals are being applied,
 * the players keep reading their planets on A and B (reads apply due arrivals, so both processes
 * and the worker race for them). Checks, once every fleet is home:
 * - exactly once: each accepted fleet has exactly one arrival notice per account involved
 *   (`transport_delivered` for sender and receiver, `combat_report` for attacker and defender)
 *   and one `fleet_returned`; no fleet has more, accepted or not; no fleet row is left;
 * - conserved: a transport's delivered cargo is the cargo it was dispatched with, and its ships
 *   come home; ships summed over every planet and fleet equal the ships granted minus the ships
 *   the combat reports say were lost. Resources are not summed: the planets keep producing at
 *   GAME_SPEED 1000 while the fleets fly, and fuel burnt depends on the route;
 * - pushed once: every tab is connected to B, so what A and the worker apply reaches it through
 *   PostgreSQL's NOTIFY: each defender hears of the departure and of the combat once, each side
 *   of a combat or a transport once, a transport's sender of its return once (decision 176).
 */
import { SHIPS } from '@starhold/rules';
import pg from 'pg';
import type { OpenStream } from '../apps/server/test/events-stream.js';
import type { LiveEvent } from '../apps/server/src/modules/events/live-events.js';
import { call, type Outcome, type Player } from './player.js';

const CARGO = { metal: 1234, crystal: 567, fuel: 0 };
const SHIPS_GRANTED = 20;
const SENT = 10;
const RICH = 1_000_000;

export interface FleetPhase {
  urlA: string;
  urlB: string;
  databaseUrl: string;
  players: readonly Player[];
  /** Kills process A with SIGKILL and starts it again; resolves once it answers. */
  restartA(): Promise<void>;
  /** True while A is down: its 5xx and dropped connections are then expected. */
  aDown(): boolean;
  /** Each player's browser tab, connected to process B (pushes from A and the worker cross PostgreSQL). */
  tabs: ReadonlyMap<number, OpenStream>;
  log(message: string): void;
}

interface Sent {
  player: Player;
  mission: 1 | 3;
  target: Player;
  outcome: Outcome;
  fleetId: number | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const raceOf = (player: Player) => 1 + (player.index % 2);
const cargoShip = (player: Player) => (raceOf(player) === 1 ? 7 : 17);
const fighter = (player: Player) => (raceOf(player) === 1 ? 1 : 11);

async function homeOf(
  client: pg.Client,
  accountId: number,
): Promise<{ planetId: number; systemId: number; orbit: number }> {
  const { rows } = await client.query<{ id: number; system_id: number; index: number }>(
    `select planets.id, orbits.system_id, orbits.index from planets
       join orbits on orbits.id = planets.orbit_id
      where planets.account_id = $1 order by planets.id limit 1`,
    [accountId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`account ${accountId} has no planet`);
  return { planetId: row.id, systemId: row.system_id, orbit: row.index };
}

async function shipTotal(client: pg.Client): Promise<number> {
  const planets = await client.query<{ total: string | null }>(
    'select sum(value) as total from planet_modules where type_id = 3',
  );
  const fleets = await client.query<{ data: string }>('select data from fleets');
  let inFlight = 0;
  for (const row of fleets.rows) {
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as {
      ships: Record<string, number>;
    };
    for (const count of Object.values(data.ships)) inFlight += count;
  }
  return Number(planets.rows[0]?.total ?? 0) + inFlight;
}

type Stack = { kind: string; id: number; count: number }[];
type Side = { units_before?: Stack; unitsBefore?: Stack; units_after?: Stack; unitsAfter?: Stack };

/** The players' ships: nomad pirates that ambush a fleet (FLEETS.md section 3) were never counted. */
const PLAYABLE = new Set(SHIPS.map((ship) => ship.id));

/** Players' ships both sides lost in one combat report: the first round's less the last round's. */
function shipsLost(data: { rounds?: { attacker: Side; defender: Side }[] }): number {
  const rounds = data.rounds ?? [];
  const first = rounds[0];
  const last = rounds.at(-1);
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

export async function fleetPhase(phase: FleetPhase): Promise<string[]> {
  const failures: string[] = [];
  const client = new pg.Client({ connectionString: phase.databaseUrl });
  await client.connect();
  try {
    const players = [...phase.players].sort((x, y) => x.index - y.index);
    // Odd players are attacked by their even neighbour, so they live in low or null security.
    const targets = players.filter((player) => player.index % 2 === 1);
    const { rows: free } = await client.query<{ id: number }>(
      `select orbits.id from orbits join systems on systems.id = orbits.system_id
         left join planets on planets.orbit_id = orbits.id
        where systems.security_id in (2, 3) and planets.id is null order by orbits.id limit $1`,
      [targets.length],
    );
    if (free.length < targets.length) return [`only ${free.length} free low-security orbits`];
    const homes = new Map<number, { planetId: number; systemId: number; orbit: number }>();
    for (const [index, player] of players.entries()) {
      const home = await homeOf(client, player.accountId);
      if (player.index % 2 === 1) {
        const orbitId = (free[targets.indexOf(player)] as { id: number }).id;
        await client.query('update planets set orbit_id = $1 where id = $2', [orbitId, home.planetId]);
      }
      await client.query('update planets set metal = $1, crystal = $1, fuel = $1 where id = $2', [
        RICH,
        home.planetId,
      ]);
      for (const ship of [cargoShip(player), fighter(player)])
        await client.query(
          `insert into planet_modules (planet_id, type_id, module_id, value) values ($1, 3, $2, $3)
           on conflict (planet_id, type_id, module_id) do update set value = excluded.value`,
          [home.planetId, ship, SHIPS_GRANTED],
        );
      // Computer technology 5: six fleet slots.
      await client.query(
        `insert into account_research (account_id, research_id, level) values ($1, 4, 5)
         on conflict (account_id, research_id) do update set level = excluded.level`,
        [player.accountId],
      );
      homes.set(player.accountId, await homeOf(client, player.accountId));
      if (index % 50 === 49) phase.log(`fleets: ${index + 1} players equipped`);
    }
    const shipsBefore = await shipTotal(client);

    const orders = players.map((player, index) => {
      const attack = player.index % 2 === 0;
      const target = (attack ? players[index + 1] : players[(index + 2) % players.length]) as Player;
      const place = homes.get(target.accountId) as { systemId: number; orbit: number };
      const body = {
        mission: attack ? 3 : 1,
        target: { system_id: place.systemId, orbit: place.orbit },
        ships: [{ id: attack ? fighter(player) : cargoShip(player), count: SENT }],
        speed: 100,
        prefer: 'shortest',
        ...(attack ? {} : { cargo: CARGO }),
      };
      return { player, target, attack, body };
    });
    const preview = await call(phase.urlB, 'POST', '/me/fleets/preview', players[1]?.cookie, orders[1]?.body);
    phase.log(`fleets: a transport's preview ${JSON.stringify(preview)}`);

    // The same second: every dispatch at once, spread over both processes.
    const dispatchedAt = Date.now();
    const sent: Sent[] = await Promise.all(
      orders.map(async ({ player, target, attack, body }, index): Promise<Sent> => {
        const outcome = await call(
          index % 2 === 0 ? phase.urlA : phase.urlB,
          'POST',
          '/me/fleets',
          player.cookie,
          body,
        );
        const fleetId =
          outcome.kind === 'answered' && outcome.status === 201
            ? (outcome.body as { data: { id: number } }).data.id
            : undefined;
        return { player, mission: attack ? 3 : 1, target, outcome, fleetId };
      }),
    );
    const accepted = sent.filter((fleet) => fleet.fleetId !== undefined);
    const arrivals = accepted.map((fleet) =>
      Date.parse((fleet.outcome as { body: { data: { arrives_at: string } } }).body.data.arrives_at),
    );
    const refusals = sent
      .filter((fleet) => fleet.fleetId === undefined)
      .map((fleet) => JSON.stringify(fleet.outcome));
    phase.log(
      `fleets: ${accepted.length} of ${sent.length} dispatched in ${Date.now() - dispatchedAt} ms; arrivals between +${Math.round((Math.min(...arrivals) - dispatchedAt) / 1000)} s and +${Math.round((Math.max(...arrivals) - dispatchedAt) / 1000)} s`,
    );
    if (refusals.length > 0)
      failures.push(`fleets: ${refusals.length} dispatches refused, e.g. ${refusals[0]}`);
    if (accepted.length === 0) return [...failures, 'fleets: nothing dispatched, the phase proved nothing'];

    // Readers on both processes apply arrivals as they fall due; A dies in the middle of them.
    const sorted = [...arrivals].sort((x, y) => x - y);
    const killAt = sorted[Math.floor(sorted.length / 2)] as number;
    let reading = true;
    const serverErrors: string[] = [];
    const readers = players.map(async (player, index) => {
      let turn = index;
      while (reading) {
        turn += 1;
        const url = turn % 2 === 0 ? phase.urlA : phase.urlB;
        const outcome = await call(url, 'GET', turn % 3 === 0 ? '/me/fleets' : '/me/planet', player.cookie);
        if (outcome.kind === 'answered' && outcome.status >= 500 && !(url === phase.urlA && phase.aDown()))
          serverErrors.push(`${player.username}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
        await sleep(200 + Math.random() * 300);
      }
    });
    await sleep(Math.max(0, killAt - Date.now()));
    const inFlightAtKill = Number(
      (await client.query<{ n: string }>(`select count(*) as n from fleets where state = 'outbound'`)).rows[0]
        ?.n,
    );
    await phase.restartA();
    phase.log(
      `fleets: A killed with SIGKILL at the median arrival (${inFlightAtKill} fleets not yet arrived) and restarted`,
    );

    const homeBy = Math.max(...arrivals) + (Math.max(...arrivals) - dispatchedAt) + 60_000;
    for (;;) {
      const left = Number((await client.query<{ n: string }>('select count(*) as n from fleets')).rows[0]?.n);
      if (left === 0) break;
      if (Date.now() > homeBy) {
        failures.push(`fleets: ${left} fleet rows still there after every fleet should be home`);
        break;
      }
      await sleep(1000);
    }
    reading = false;
    await Promise.all(readers);
    failures.push(...serverErrors.slice(0, 10));

    const { rows: emails } = await client.query<{ account_id: number; title: string; params: string }>(
      `select account_id, title, params from emails where title in ('transport_delivered', 'combat_report', 'fleet_returned')`,
    );
    const notices = new Map<string, { params: Record<string, unknown> }[]>();
    for (const email of emails) {
      const params = (typeof email.params === 'string' ? JSON.parse(email.params) : email.params) as Record<
        string,
        unknown
      >;
      const key = `${String(params.owner_id)}/${String(params.fleet_id)}/${email.account_id}/${email.title}`;
      notices.set(key, [...(notices.get(key) ?? []), { params }]);
    }
    for (const [key, list] of notices)
      if (list.length > 1) failures.push(`fleets: ${list.length} notices ${key}`);
    const one = (owner: Player, fleetId: number, account: Player, title: string) =>
      notices.get(`${owner.accountId}/${fleetId}/${account.accountId}/${title}`) ?? [];
    let reportIds: number[] = [];
    for (const fleet of accepted) {
      const fleetId = fleet.fleetId as number;
      const title = fleet.mission === 1 ? 'transport_delivered' : 'combat_report';
      for (const account of [fleet.player, fleet.target]) {
        const got = one(fleet.player, fleetId, account, title);
        if (got.length !== 1)
          failures.push(
            `fleets: ${fleet.player.username}'s fleet ${fleetId}: ${got.length} ${title} for ${account.username}`,
          );
        if (fleet.mission === 1 && got[0] !== undefined) {
          const { metal, crystal, fuel } = got[0].params;
          if (metal !== CARGO.metal || crystal !== CARGO.crystal || fuel !== CARGO.fuel)
            failures.push(
              `fleets: transport ${fleetId} delivered ${JSON.stringify({ metal, crystal, fuel })}`,
            );
        }
        // The attacker's copy only: both copies tell the same battle.
        if (fleet.mission === 3 && account === fleet.player && typeof got[0]?.params.report_id === 'number')
          reportIds.push(got[0].params.report_id);
      }
      const back = one(fleet.player, fleetId, fleet.player, 'fleet_returned');
      // An attacker that lost every ship has nothing to bring home.
      if (back.length !== 1 && fleet.mission === 1)
        failures.push(
          `fleets: ${fleet.player.username}'s transport ${fleetId}: ${back.length} fleet_returned`,
        );
    }
    reportIds = [...new Set(reportIds)];
    const { rows: reports } = reportIds.length
      ? await client.query<{ data: unknown }>('select data from reports where id = any($1::int[])', [
          reportIds,
        ])
      : { rows: [] };
    const lost = reports.reduce(
      (sum: number, row) =>
        sum +
        shipsLost(
          (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Parameters<typeof shipsLost>[0],
        ),
      0,
    );
    failures.push(...fleetPushes(accepted, phase.tabs, (message) => phase.log(message)));
    const shipsAfter = await shipTotal(client);
    phase.log(
      `fleets: ${accepted.length} fleets home (${accepted.filter((f) => f.mission === 1).length} transports, ${accepted.filter((f) => f.mission === 3).length} attacks), ${emails.length} notices, ${reports.length} combat reports; ships ${shipsBefore} before, ${shipsAfter} after, ${lost} lost in combat by the reports`,
    );
    if (shipsAfter !== shipsBefore - lost)
      failures.push(`fleets: ships ${shipsBefore} before, ${shipsAfter} after, reports lost ${lost}`);
  } finally {
    await client.end();
  }
  return failures;
}

/**
 * The live pushes of the accepted fleets, on tabs connected to B while the fleets were dispatched
 * and applied on A, B and the worker (decision 176): the defender told of the departure once and
 * of the combat once, the attacker of its combat once, a transport's sender and recipient of the
 * delivery once, the sender of its return once. Pirate ambushes (null space) are left out.
 */
function fleetPushes(
  accepted: readonly Sent[],
  tabs: ReadonlyMap<number, OpenStream>,
  log: (m: string) => void,
): string[] {
  const failures: string[] = [];
  const count = (player: Player, match: (event: LiveEvent) => boolean) =>
    (tabs.get(player.accountId)?.events ?? []).filter(match).length;
  let checked = 0;
  for (const fleet of accepted) {
    const id = fleet.fleetId as number;
    const owner = fleet.player.accountId;
    const expect = (player: Player, what: string, match: (event: LiveEvent) => boolean) => {
      checked += 1;
      const got = count(player, match);
      if (got !== 1)
        failures.push(
          `fleets: ${got} ${what} pushes to ${player.username} for ${fleet.player.username}'s fleet ${id}`,
        );
    };
    if (fleet.mission === 3) {
      expect(
        fleet.target,
        'hostile_fleet_departed',
        (e) => e.kind === 'hostile_fleet_departed' && e.fleet_id === id,
      );
      for (const [player, defending] of [
        [fleet.player, false],
        [fleet.target, true],
      ] as const)
        expect(
          player,
          'fleet_combat',
          (e) =>
            e.kind === 'fleet_combat' &&
            !e.pirates &&
            e.fleet_id === id &&
            e.owner_id === owner &&
            e.defending === defending,
        );
    } else {
      for (const player of [fleet.player, fleet.target])
        expect(
          player,
          'fleet_arrived',
          (e) =>
            e.kind === 'fleet_arrived' &&
            e.fleet_id === id &&
            e.owner_id === owner &&
            e.notice === 'transport_delivered',
        );
      expect(fleet.player, 'fleet_returned', (e) => e.kind === 'fleet_returned' && e.fleet_id === id);
    }
  }
  log(`fleets: ${checked} live pushes checked on tabs connected to B (${failures.length} wrong)`);
  return failures.slice(0, 10);
}
