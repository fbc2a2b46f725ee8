/**
 * Combat engine cost (FLEETS.md section 4, decision 171), two figures:
 * - the big battle, the fastest peer's public benchmark size: 800,000 human light fighters against
 *   120,000 insectoid defenses (spine launchers, acid and venom spitters, nerve pulsers, bone
 *   cannons, spore batteries), no research, 6 rounds; median time after warm-up, and the peak
 *   memory above the process's baseline (method below);
 * - a small battle, 1,000 human ships against 1,000 insectoid ships and defenses, fast engine
 *   (its per-unit path, decision 172) against the one-object-per-unit reference of the tests; the
 *   grouped path's time on the same battle is printed beside it (not judged).
 * Run: node --import tsx bench/combat.ts (add --json for one machine-readable line, as bench/run.ts
 * does). Profile: node --cpu-prof --import tsx bench/combat.ts
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setPerUnitMax } from '../packages/rules/src/combat/engine.js';
import { PER_UNIT_MAX } from '../packages/rules/src/combat/per-unit.js';
import {
  NO_COMBAT_RESEARCH,
  resolveCombat,
  type CombatInput,
  type CombatStack,
} from '../packages/rules/src/index.js';
import { referenceCombat } from '../packages/rules/test/combat/reference.js';

const BIG_TARGET_MS = 175;
const BIG_TARGET_MIB = 60;
const SMALL_TARGET_RATIO = 20;
const BIG_WARMUP = 2;
const BIG_RUNS = 7;
const SMALL_SAMPLES = 11;

const NONE = NO_COMBAT_RESEARCH;
const ship = (id: number, count: number): CombatStack => ({ kind: 'ship', id, count });
const defense = (id: number, count: number): CombatStack => ({ kind: 'defense', id, count });

/** Sized so that both sides still stand after 6 rounds: every round is fought in full. */
export const BIG_BATTLE: CombatInput = {
  attacker: { units: [ship(1, 800_000)], research: NONE },
  defender: {
    units: [
      defense(11, 40_000),
      defense(12, 30_000),
      defense(13, 20_000),
      defense(14, 15_000),
      defense(15, 10_000),
      defense(16, 5_000),
    ],
    research: NONE,
  },
  seed: 'bench-big-battle',
};

/** Past the per-unit path's bound on the attacker's side: compiles the grouped path. */
const MID_BATTLE: CombatInput = {
  ...BIG_BATTLE,
  attacker: { units: [ship(1, PER_UNIT_MAX + 8_000)], research: NONE },
  defender: { units: [defense(11, 2_000), defense(13, 1_000)], research: NONE },
};

export const SMALL_BATTLE: CombatInput = {
  attacker: { units: [ship(1, 600), ship(2, 250), ship(3, 100), ship(4, 50)], research: NONE },
  defender: { units: [ship(11, 400), ship(12, 200), defense(11, 300), defense(13, 100)], research: NONE },
  seed: 'bench-small-battle',
};

export interface CombatBench {
  big: {
    ms: number[];
    medianMs: number;
    /** CPU time of the same runs (user + system): what contention on a shared machine does not add. */
    cpuMs: number[];
    rounds: number;
    winner: string;
    survivors: { attacker: number; defender: number };
    memory: MemoryFigure;
  };
  small: {
    fastUs: number[];
    referenceUs: number[];
    ratios: number[];
    medianRatio: number;
    /** The same ratio on CPU time. */
    cpuRatios: number[];
    /** The grouped path (decision 161) on the same battle, timed after each fast batch: not judged. */
    groupedUs: number[];
  };
  met: { bigTime: boolean; bigMemory: boolean; smallRatio: boolean };
}

interface MemoryFigure {
  /** The larger of the two figures below, MiB: the one judged against the target. */
  peakMiB: number;
  /** Peak resident set size above the baseline, MiB. */
  rssPeakMiB: number;
  /** True when the process had already peaked higher before the battle: rssPeakMiB is then a bound. */
  upperBound: boolean;
  baselineRssMiB: number;
  /** Heap and array buffers right after the battle, before any collection, above the baseline. */
  heapAfterMiB: number;
  arrayBuffersAfterMiB: number;
}

const MIB = 1024 * 1024;
const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const total = (stacks: readonly CombatStack[]) => stacks.reduce((sum, stack) => sum + stack.count, 0);

/**
 * Memory, in a child started with --expose-gc so that nothing else ran in it: the engine is
 * compiled on small battles, two full collections set the baseline (rss, heap, array buffers),
 * then the big battle runs once. Two figures: the kernel's high-water mark of the resident set
 * (resourceUsage().maxRSS) minus the baseline rss, which is what the process grew by, but can
 * understate when the battle reuses memory the process already held; and the heap plus array
 * buffers right after the battle, before any collection, above the baseline: everything the
 * engine allocated and has not been collected (its arrays live to the end, so this is close to
 * its peak). The larger of the two is judged.
 */
function measureMemoryHere(): MemoryFigure {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('run the memory figure with node --expose-gc');
  // Both paths: the small battle takes the per-unit one, MID_BATTLE the grouped one.
  for (let i = 0; i < 20; i++) resolveCombat(SMALL_BATTLE);
  for (let i = 0; i < 3; i++) resolveCombat(MID_BATTLE);
  collect();
  collect();
  const before = process.memoryUsage();
  const highBefore = process.resourceUsage().maxRSS * 1024;
  resolveCombat(BIG_BATTLE);
  const after = process.memoryUsage();
  const highAfter = process.resourceUsage().maxRSS * 1024;
  const rssPeakMiB = (highAfter - before.rss) / MIB;
  const heapAfterMiB = (after.heapUsed - before.heapUsed) / MIB;
  const arrayBuffersAfterMiB = (after.arrayBuffers - before.arrayBuffers) / MIB;
  return {
    peakMiB: Math.max(rssPeakMiB, heapAfterMiB + arrayBuffersAfterMiB),
    rssPeakMiB,
    upperBound: highAfter <= highBefore,
    baselineRssMiB: before.rss / MIB,
    heapAfterMiB,
    arrayBuffersAfterMiB,
  };
}

function measureMemory(): MemoryFigure {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--memory-child'],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (child.status !== 0) throw new Error(`memory child failed: ${child.stderr}`);
  const last = child.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as MemoryFigure;
}

/** Wall and CPU microseconds per call of `work` over a batch of `count`. */
function batch(work: () => unknown, count: number): { wallUs: number; cpuUs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) work();
  const wallUs = ((performance.now() - started) / count) * 1000;
  const used = process.cpuUsage(cpu);
  return { wallUs, cpuUs: (used.user + used.system) / count };
}

function timeBig(): { ms: number[]; cpuMs: number[] } {
  for (let i = 0; i < BIG_WARMUP; i++) resolveCombat(BIG_BATTLE);
  const runs = Array.from({ length: BIG_RUNS }, () => batch(() => resolveCombat(BIG_BATTLE), 1));
  return { ms: runs.map((run) => run.wallUs / 1000), cpuMs: runs.map((run) => run.cpuUs / 1000) };
}

function timeSmall(): CombatBench['small'] {
  const fast = () => resolveCombat(SMALL_BATTLE);
  const reference = () => referenceCombat(SMALL_BATTLE);
  const grouped = () => {
    setPerUnitMax(-1);
    try {
      return resolveCombat(SMALL_BATTLE);
    } finally {
      setPerUnitMax(PER_UNIT_MAX);
    }
  };
  batch(fast, 50);
  batch(grouped, 20);
  batch(reference, 5);
  const fastRuns: ReturnType<typeof batch>[] = [];
  const referenceRuns: ReturnType<typeof batch>[] = [];
  const groupedRuns: ReturnType<typeof batch>[] = [];
  // Each sample times both engines back to back, so drift on a shared machine hits both alike.
  for (let i = 0; i < SMALL_SAMPLES; i++) {
    fastRuns.push(batch(fast, 50));
    referenceRuns.push(batch(reference, 5));
    groupedRuns.push(batch(grouped, 20));
  }
  const ratios = referenceRuns.map((run, i) => run.wallUs / (fastRuns[i]?.wallUs ?? Number.NaN));
  return {
    fastUs: fastRuns.map((run) => run.wallUs),
    referenceUs: referenceRuns.map((run) => run.wallUs),
    ratios,
    medianRatio: median(ratios),
    cpuRatios: referenceRuns.map((run, i) => run.cpuUs / (fastRuns[i]?.cpuUs ?? Number.NaN)),
    groupedUs: groupedRuns.map((run) => run.wallUs),
  };
}

export function runCombatBench(): CombatBench {
  const outcome = resolveCombat(BIG_BATTLE);
  const { ms, cpuMs } = timeBig();
  const memory = measureMemory();
  const small = timeSmall();
  return {
    big: {
      ms,
      medianMs: median(ms),
      cpuMs,
      rounds: outcome.rounds.length,
      winner: outcome.winner,
      survivors: { attacker: total(outcome.attackerSurvivors), defender: total(outcome.defenderSurvivors) },
      memory,
    },
    small,
    met: {
      bigTime: median(ms) <= BIG_TARGET_MS,
      bigMemory: memory.peakMiB <= BIG_TARGET_MIB,
      smallRatio: small.medianRatio >= SMALL_TARGET_RATIO,
    },
  };
}

const range = (values: readonly number[], digits: number): string =>
  `${Math.min(...values).toFixed(digits)} / ${median(values).toFixed(digits)} / ${Math.max(...values).toFixed(digits)}`;
const yes = (met: boolean): string => (met ? 'yes' : 'NO');

/** The bench table's rows (figure, min / median / max, baseline, ratio, target, met). */
export function combatRows(result: CombatBench): string[][] {
  const { big, small, met } = result;
  return [
    [
      'combat 800k fighters vs 120k defenses, 6 rounds',
      `${range(big.ms, 0)} ms (CPU ${range(big.cpuMs, 0)})`,
      'Rust peer: 175 ms',
      `${(big.medianMs / BIG_TARGET_MS).toFixed(2)} x`,
      `<= ${BIG_TARGET_MS} ms`,
      yes(met.bigTime),
    ],
    [
      'combat big battle, peak memory',
      `${big.memory.peakMiB.toFixed(1)} MiB (rss peak ${big.memory.upperBound ? '<= ' : '+'}${big.memory.rssPeakMiB.toFixed(1)}, heap + buffers +${(big.memory.heapAfterMiB + big.memory.arrayBuffersAfterMiB).toFixed(1)})`,
      `Rust peer: 55 MB; baseline rss ${big.memory.baselineRssMiB.toFixed(0)} MiB`,
      '-',
      `<= ${BIG_TARGET_MIB} MB`,
      yes(met.bigMemory),
    ],
    [
      'combat 2 x 1,000 units',
      `${range(small.fastUs, 0)} µs (grouped path ${median(small.groupedUs).toFixed(0)} µs)`,
      `${median(small.referenceUs).toFixed(0)} µs reference engine`,
      `${range(small.ratios, 1)} x (CPU ${range(small.cpuRatios, 1)})`,
      `>= ${SMALL_TARGET_RATIO}x faster`,
      yes(met.smallRatio),
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--memory-child')) {
    console.log(JSON.stringify(measureMemoryHere()));
  } else {
    const result = runCombatBench();
    console.log(
      `big battle: ${result.big.rounds} rounds, ${result.big.winner}, survivors ${result.big.survivors.attacker} attackers / ${result.big.survivors.defender} defenders`,
    );
    for (const row of combatRows(result)) console.log(`${row[0]}: ${row.slice(1).join(' | ')}`);
    if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  }
}
