/**
 * Scale-out test (`npm run test:scaleout`): two server processes and a scheduler-only worker on
 * one fresh PostgreSQL database, 200 simulated players acting across both processes for a
 * minute at GAME_SPEED 1000 (a game day passes in 86 s, so the scheduler's 5-second ticks are
 * clock jumps of 83 game minutes), process A killed with SIGKILL halfway and restarted. Every
 * player's browser tab is connected to process B, so what A and the worker produce reaches it
 * only through LISTEN/NOTIFY. Checks at the end:
 * - every construction finished exactly once: each level 1..final pushed exactly once, and the
 *   final levels match the accepted orders (orders lost in the kill are bounded);
 * - NMI neither lost nor doubled: final balance = 100 minus what the unlock emails say was spent,
 *   and one unlock email per accepted unlock;
 * - a tab only hears its own player's planet; resources never negative; no 5xx outside the kill.
 * Then the fleet phase (scaleout/fleets.ts): 200 fleets dispatched in one second, A killed again
 * amid their arrivals, each arrival applied exactly once and the ships conserved.
 * Bounded: the whole run aborts after SCALEOUT_TIMEOUT_MS (default 300 s). 127.0.0.1 only; it
 * only signals the processes it started.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freshPgDatabase } from '../tools/fresh-pg-database.js';
import { openStream, type OpenStream } from '../apps/server/test/events-stream.js';
import { fleetPhase } from './fleets.js';
import { call, dataOf, register, type Player } from './player.js';
import {
  freePort,
  spawnNode,
  spawnServer,
  stopAll,
  waitForHealth,
  WORKER_ENTRY,
  type NodeProcess,
} from '../tools/server-process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_URL = process.env.SCALEOUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.SCALEOUT_PLAYERS ?? 200);
const DRIVE_MS = Number(process.env.SCALEOUT_DRIVE_MS ?? 60_000);
const TIMEOUT_MS = Number(process.env.SCALEOUT_TIMEOUT_MS ?? 300_000);
const MINES = [1, 2, 3] as const;
const NEW_ACCOUNT_NMI = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) =>
  console.log(`[scaleout ${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${message}`);
const startedAt = Date.now();

interface Ledger {
  accepted: Record<number, number>;
  unknown: Record<number, number>;
  unlocksAccepted: number;
  unlocksUnknown: number;
  serverErrors: string[];
}

async function pool<T>(items: readonly T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await run(item);
      }
    }),
  );
}

function checkLoopback(url: string): void {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error('the scale-out test only runs against 127.0.0.1');
}

async function main(): Promise<string[]> {
  const runId = randomBytes(3).toString('hex');
  const failures: string[] = [];
  checkLoopback(ADMIN_URL);
  const database = await freshPgDatabase(ADMIN_URL, 'starhold_scaleout');
  log(`database ${database.name}`);
  try {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');

    const [portA, portB] = [await freePort(), await freePort()];
    const urlA = `http://127.0.0.1:${portA}`;
    const urlB = `http://127.0.0.1:${portB}`;
    const env = {
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      GAME_SPEED: '1000',
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent/starhold-scaleout',
    };
    const inherited = { ...process.env, ...env };
    const startA = () => spawnServer({ name: 'A', port: portA, env: inherited });
    // All three start together: the migrations' advisory lock lets exactly one of them migrate.
    let a: NodeProcess = await startA();
    const b = await spawnServer({ name: 'B', port: portB, env: inherited });
    const worker = spawnNode('worker', [WORKER_ENTRY], { env: inherited });
    await Promise.all([waitForHealth(a, urlA), waitForHealth(b, urlB)]);
    log('processes A, B and the worker are up');

    const players: Player[] = [];
    await pool(
      Array.from({ length: PLAYERS }, (_, index) => index),
      16,
      async (index) => {
        players.push(await register(index % 2 === 0 ? urlA : urlB, index, runId));
      },
    );
    players.sort((x, y) => x.index - y.index);
    const tabs = new Map<number, OpenStream>();
    await pool(players, 32, async (player) => {
      const tab = await openStream(urlB, player.cookie);
      if (tab.status !== 200) throw new Error(`tab of ${player.username}: ${tab.status}`);
      tabs.set(player.accountId, tab);
    });
    log(`${players.length} players registered on A and B, one tab each on B`);

    const ledgers = new Map<number, Ledger>(
      players.map((player) => [
        player.accountId,
        {
          accepted: { 1: 0, 2: 0, 3: 0 },
          unknown: { 1: 0, 2: 0, 3: 0 },
          unlocksAccepted: 0,
          unlocksUnknown: 0,
          serverErrors: [],
        },
      ]),
    );
    const driveUntil = Date.now() + DRIVE_MS;
    let aDown = false;

    const drive = async (player: Player) => {
      const ledger = ledgers.get(player.accountId) as Ledger;
      const unlockAt = Date.now() + Math.random() * DRIVE_MS * 0.8;
      let unlocked = false;
      let turn = player.index;
      while (Date.now() < driveUntil) {
        turn += 1;
        // Players alternate between the processes, as a load balancer would spread them.
        const target = turn % 2 === 0 ? urlA : urlB;
        if (!unlocked && Date.now() >= unlockAt) {
          unlocked = true;
          const outcome = await call(target, 'POST', '/me/commandants/1', player.cookie, { time: 1 });
          if (outcome.kind === 'answered' && outcome.status === 200) ledger.unlocksAccepted += 1;
          else if (outcome.kind === 'unknown') ledger.unlocksUnknown += 1;
          else if (outcome.kind === 'answered' && outcome.status >= 500)
            ledger.serverErrors.push(`unlock ${outcome.status}`);
          else unlocked = false;
          continue;
        }
        const mine = MINES[turn % MINES.length] as number;
        const outcome = await call(target, 'POST', `/me/planet/factories/${mine}`, player.cookie);
        if (outcome.kind === 'answered' && outcome.status === 200)
          ledger.accepted[mine] = (ledger.accepted[mine] ?? 0) + 1;
        else if (outcome.kind === 'unknown') ledger.unknown[mine] = (ledger.unknown[mine] ?? 0) + 1;
        else if (outcome.kind === 'answered' && outcome.status >= 500 && !(target === urlA && aDown)) {
          ledger.serverErrors.push(`factory ${mine}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
        }
        await sleep(300 + Math.random() * 500);
      }
    };

    const chaos = async () => {
      await sleep(DRIVE_MS * 0.4);
      aDown = true;
      await a.kill9();
      log('process A killed with SIGKILL');
      await sleep(3000);
      a = await startA();
      await waitForHealth(a, urlA);
      aDown = false;
      log('process A restarted');
    };

    await Promise.all([chaos(), ...players.map(drive)]);
    log('drive over; waiting for every queue to finish');

    const quietBy = Date.now() + 45_000;
    const levels = new Map<number, Record<number, number>>();
    for (const player of players) {
      for (;;) {
        const list = dataOf<{ modules: { id: number; level: number; nb_upgrade_on_progress: number }[] }>(
          await call(urlB, 'GET', '/me/planet/factories', player.cookie),
        );
        const mines = list.modules.filter((module) => (MINES as readonly number[]).includes(module.id));
        if (mines.every((module) => module.nb_upgrade_on_progress === 0)) {
          levels.set(player.accountId, Object.fromEntries(mines.map((module) => [module.id, module.level])));
          break;
        }
        if (Date.now() > quietBy) throw new Error(`${player.username}: queue still busy`);
        await sleep(500);
      }
    }
    // Deliveries of the last settlements are in flight through NOTIFY.
    await sleep(2000);

    let finishedEvents = 0;
    let crossChecked = 0;
    for (const player of players) {
      const ledger = ledgers.get(player.accountId) as Ledger;
      const tab = tabs.get(player.accountId) as OpenStream;
      const final = levels.get(player.accountId) as Record<number, number>;
      failures.push(...ledger.serverErrors.map((error) => `${player.username}: ${error}`));
      for (const mine of MINES) {
        const pushed = tab.events
          .filter(
            (event) =>
              event.kind === 'construction_finished' && event.type_id === 1 && event.module_id === mine,
          )
          .map((event) => (event.kind === 'construction_finished' ? event.level : -1))
          .sort((x, y) => x - y);
        const dropped = tab.events.filter(
          (event) => event.kind === 'construction_dropped' && event.type_id === 1 && event.module_id === mine,
        ).length;
        finishedEvents += pushed.length;
        const level = final[mine] ?? 0;
        const expected = Array.from({ length: level }, (_, index) => index + 1);
        if (JSON.stringify(pushed) !== JSON.stringify(expected)) {
          failures.push(
            `${player.username} mine ${mine}: level ${level} but pushed levels ${JSON.stringify(pushed)}`,
          );
        }
        const low = (ledger.accepted[mine] ?? 0) - dropped;
        const high = low + (ledger.unknown[mine] ?? 0);
        if (level < low || level > high) {
          failures.push(
            `${player.username} mine ${mine}: level ${level}, accepted ${ledger.accepted[mine]} - dropped ${dropped} (+${ledger.unknown[mine]} unknown)`,
          );
        }
      }
      crossChecked += 1;

      const me = dataOf<{ nmi: number }>(await call(urlA, 'GET', '/me', player.cookie));
      const emails = dataOf<{ title: string; params: string }[]>(
        await call(urlB, 'GET', '/me/emails?limit=100', player.cookie),
      );
      const unlocks = emails.filter((email) => email.title === 'commandant_unlocked');
      const spent = unlocks.reduce(
        (sum, email) => sum + Number((JSON.parse(email.params) as { nmi_spent: number }).nmi_spent),
        0,
      );
      if (player.initialNmi !== NEW_ACCOUNT_NMI || me.nmi !== NEW_ACCOUNT_NMI - spent) {
        failures.push(`${player.username}: NMI ${me.nmi}, expected ${NEW_ACCOUNT_NMI} - ${spent}`);
      }
      if (
        unlocks.length < ledger.unlocksAccepted ||
        unlocks.length > ledger.unlocksAccepted + ledger.unlocksUnknown
      ) {
        failures.push(
          `${player.username}: ${unlocks.length} unlock emails for ${ledger.unlocksAccepted} accepted unlocks`,
        );
      }
      const planet = dataOf<{ id: number; resources: { value: number }[] }>(
        await call(urlA, 'GET', '/me/planet', player.cookie),
      );
      if (planet.resources.some((resource) => resource.value < 0))
        failures.push(`${player.username}: negative resources`);
      const foreign = tab.events.filter((event) => 'planet_id' in event && event.planet_id !== planet.id);
      if (foreign.length > 0)
        failures.push(`${player.username}: ${foreign.length} pushed events of another player's planet`);
    }

    const levelSum = [...levels.values()].reduce(
      (sum, byMine) => sum + Object.values(byMine).reduce((x, y) => x + y, 0),
      0,
    );
    const kinds = new Map<string, number>();
    for (const tab of tabs.values())
      for (const event of tab.events) kinds.set(event.kind, (kinds.get(event.kind) ?? 0) + 1);
    const unlocks = [...ledgers.values()].reduce((sum, ledger) => sum + ledger.unlocksAccepted, 0);
    log(
      `${crossChecked} players checked: ${levelSum} levels built, ${finishedEvents} construction_finished pushes, ${unlocks} commandant unlocks; pushes by kind ${JSON.stringify(Object.fromEntries(kinds))}`,
    );
    if (levelSum === 0) failures.push('no construction finished: the run proved nothing');

    failures.push(
      ...(await fleetPhase({
        urlA,
        urlB,
        databaseUrl: database.url,
        players,
        aDown: () => aDown,
        tabs,
        log,
        restartA: async () => {
          aDown = true;
          await a.kill9();
          await sleep(2000);
          a = await startA();
          await waitForHealth(a, urlA);
          aDown = false;
        },
      })),
    );

    for (const tab of tabs.values()) tab.close();
    await Promise.all([a.stop(), b.stop(), worker.stop()]);
    for (const processState of [a, b, worker]) {
      if (processState.exitStatus() !== 0)
        failures.push(
          `${processState.name} exited with ${String(processState.exitStatus())}: ${processState.lastLines(5).join(' | ')}`,
        );
    }
  } finally {
    await stopAll();
    await database.drop();
  }
  return failures;
}

const watchdog = setTimeout(() => {
  console.error(`[scaleout] FAILED: still running after ${TIMEOUT_MS} ms`);
  void stopAll().finally(() => process.exit(1));
}, TIMEOUT_MS);

main()
  .then((failures) => {
    clearTimeout(watchdog);
    if (failures.length > 0) {
      console.error(`[scaleout] FAILED (${failures.length}):\n${failures.slice(0, 40).join('\n')}`);
      process.exit(1);
    }
    log('PASSED');
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    clearTimeout(watchdog);
    console.error('[scaleout] FAILED:', error);
    await stopAll();
    process.exit(1);
  });
