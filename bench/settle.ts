/**
 * Settling cost: one account idle for a year with full queues (levels, research, 100,000-unit
 * orders, commandants expiring) against the same account with nothing scheduled. Settling walks
 * events, not time, so the ratio stays small however long the account was idle.
 * Run: node --import tsx bench/settle.ts (add --json for one machine-readable line, as bench/run.ts does)
 */
import { performance } from 'node:perf_hooks';
import {
  orderUnits,
  queueLevel,
  settle,
  unlockCommandant,
  type AccountState,
  type ActionOutcome,
  type Result,
  type RulesConfig,
} from '../packages/rules/src/index.js';

const T0 = Date.UTC(2026, 0, 1);
const YEAR = 365 * 86_400_000;
const CONFIG: RulesConfig = { gameSpeed: 1 };
const RUNS = 7;
const SETTLES_PER_RUN = 200;

function unwrap(result: Result<ActionOutcome>): AccountState {
  if (!result.ok) throw new Error(`setting up the bench account was refused: ${result.reason}`);
  return result.value.state;
}

function idleAccount(): AccountState {
  const planet = (id: number) => ({
    id,
    type: 'default' as const,
    maxCapacity: 163,
    resources: { metal: 1e11, crystal: 1e11, fuel: 1e11 },
    factories: { 1: 10, 2: 8, 3: 5 },
    buildings: { 1: 4, 2: 3, 3: 4, 4: 5, 5: 2 },
    ships: {},
    defenses: {},
    queues: { factories: [], buildings: [], ships: [], defenses: [] },
  });
  return {
    accountId: 1,
    race: 1,
    settledAt: T0,
    nmi: 10_000,
    research: { 4: 10, 7: 3, 15: 2 },
    researchQueue: [],
    commandants: {},
    planets: [planet(1), planet(2), planet(3)],
    nextItemId: 1,
  };
}

function busyAccount(): AccountState {
  let state = idleAccount();
  for (const commandant of [1, 2, 3, 4, 5])
    state = unwrap(unlockCommandant(state, commandant, 3, T0, CONFIG));
  for (const planet of state.planets) {
    for (let i = 0; i < 8; i += 1) {
      state = unwrap(queueLevel(state, planet.id, 1, (i % 3) + 1, T0, CONFIG));
      state = unwrap(queueLevel(state, planet.id, 2, (i % 5) + 1, T0, CONFIG));
      state = unwrap(orderUnits(state, planet.id, 3, i % 2 === 0 ? 1 : 7, 100_000, T0, CONFIG));
      state = unwrap(orderUnits(state, planet.id, 4, 1, 100_000, T0, CONFIG));
    }
  }
  for (let i = 0; i < 8; i += 1)
    state = unwrap(queueLevel(state, 1, 5, [1, 2, 4, 7, 15][i % 5] ?? 1, T0, CONFIG));
  return state;
}

/** Microseconds per settle of `state` to one year later, over one batch. */
function batch(state: AccountState): number {
  const start = performance.now();
  for (let i = 0; i < SETTLES_PER_RUN; i += 1) settle(state, T0 + YEAR, CONFIG);
  return ((performance.now() - start) / SETTLES_PER_RUN) * 1000;
}

const sorted = (samples: number[]): number[] => [...samples].sort((a, b) => a - b);

const summary = (unsorted: number[]): string => {
  const samples = sorted(unsorted);
  const median = samples[Math.floor(samples.length / 2)] ?? Number.NaN;
  return `min ${samples[0]?.toFixed(1)} µs, median ${median.toFixed(1)} µs, max ${samples.at(-1)?.toFixed(1)} µs`;
};

const busy = busyAccount();
const idle = idleAccount();
const events = settle(busy, T0 + YEAR, CONFIG).events.length;
batch(busy);
batch(idle);
const busySamples: number[] = [];
const idleSamples: number[] = [];
// Each run times both accounts back to back, so the per-run ratio compares like with like.
for (let run = 0; run < RUNS; run += 1) {
  busySamples.push(batch(busy));
  idleSamples.push(batch(idle));
}
console.log(`one year idle, full queues (${events} events): ${summary(busySamples)}`);
console.log(`one year idle, nothing scheduled:           ${summary(idleSamples)}`);
const ratios = sorted(busySamples.map((sample, index) => sample / (idleSamples[index] ?? Number.NaN)));
console.log(
  `ratio busy/idle: min ${ratios[0]?.toFixed(1)}, median ${ratios[Math.floor(ratios.length / 2)]?.toFixed(1)}, max ${ratios.at(-1)?.toFixed(1)}`,
);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ events, busyUs: busySamples, idleUs: idleSamples, ratios }));
}
