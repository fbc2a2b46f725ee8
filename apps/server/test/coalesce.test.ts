import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coalescedRead, coalescedReads, coalescedReadsUnderway, padKeys } from '../src/db/coalesce.js';

/** The event loop's next turn, when a coalesced read that was asked for starts. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A load whose reads the test ends one by one; each read sees the store as it is when it starts. */
function controlledStore() {
  const store = new Map<string, number>();
  const inFlight: {
    keys: readonly string[];
    snapshot: Map<string, number>;
    end: () => void;
    fail: (e: unknown) => void;
  }[] = [];
  const loads: string[][] = [];
  const load = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
      loads.push([...keys]);
      const snapshot = new Map(
        keys.flatMap((key) => (store.has(key) ? [[key, store.get(key) ?? 0] as const] : [])),
      );
      inFlight.push({ keys, snapshot, end: () => resolve(snapshot), fail: reject });
    });
  const endNext = async () => {
    inFlight.shift()?.end();
    // Let the resolved callers and the next read start.
    await nextTurn();
  };
  return { store, inFlight, loads, load, endNext };
}

describe('coalesced reads', () => {
  it('reads at once when nothing is in flight, and shares the next read among the callers that arrive meanwhile', async () => {
    const s = controlledStore();
    s.store.set('a', 1).set('b', 2).set('c', 3);
    const reads = coalescedReads(s.load);
    const first = reads.get('a');
    await nextTurn();
    expect(s.loads).toEqual([['a']]);
    const second = [reads.get('b'), reads.get('c'), reads.get('b'), reads.get('zzz')];
    await nextTurn();
    expect(s.loads).toHaveLength(1);
    await s.endNext();
    expect(await first).toBe(1);
    expect(s.loads).toEqual([['a'], ['b', 'c', 'zzz']]);
    await s.endNext();
    expect(await Promise.all(second)).toEqual([2, 3, 2, undefined]);
    expect(s.inFlight).toHaveLength(0);
  });

  it('starts a read on the next turn, shared by every caller of the current one', async () => {
    const s = controlledStore();
    s.store.set('a', 1).set('b', 2);
    const reads = coalescedReads(s.load);
    const answers = [reads.get('a'), reads.get('b'), reads.get('a')];
    expect(s.loads).toEqual([]);
    await nextTurn();
    expect(s.loads).toEqual([['a', 'b']]);
    await s.endNext();
    expect(await Promise.all(answers)).toEqual([1, 2, 1]);
  });

  it('never answers a caller with a read that started before its call', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constant({ op: 'end' as const }),
            fc.record({ op: fc.constant('get' as const), key: fc.constantFrom('a', 'b', 'c') }),
            fc.record({ op: fc.constant('write' as const), key: fc.constantFrom('a', 'b', 'c') }),
          ),
          { maxLength: 40 },
        ),
        async (steps) => {
          const s = controlledStore();
          const reads = coalescedReads(s.load, 2);
          const calls: { key: string; atCall: number; answer: Promise<number | undefined> }[] = [];
          for (const step of steps) {
            if (step.op === 'end') await s.endNext();
            else if (step.op === 'write') s.store.set(step.key, (s.store.get(step.key) ?? 0) + 1);
            else
              calls.push({ key: step.key, atCall: s.store.get(step.key) ?? 0, answer: reads.get(step.key) });
          }
          // Drain: reads asked for start on a later turn; end each one until every caller has its answer.
          let answered = 0;
          for (const call of calls) void call.answer.then(() => (answered += 1));
          while (answered < calls.length) {
            await nextTurn();
            if (s.inFlight.length > 0) await s.endNext();
          }
          for (const call of calls) expect((await call.answer) ?? 0).toBeGreaterThanOrEqual(call.atCall);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads at most maxKeys keys per statement, the oldest callers first', async () => {
    const s = controlledStore();
    const reads = coalescedReads(s.load, 2);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((key) => reads.get(key));
    await nextTurn();
    while (s.inFlight.length > 0) await s.endNext();
    await Promise.all(answers);
    expect(s.loads).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('rejects every caller of a failed read and keeps working', async () => {
    const s = controlledStore();
    s.store.set('a', 7);
    const reads = coalescedReads(s.load);
    const first = reads.get('a');
    await nextTurn();
    const joined = [reads.get('a'), reads.get('b')];
    s.inFlight.shift()?.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await nextTurn();
    s.inFlight.shift()?.fail(new Error('still down'));
    await expect(Promise.all(joined)).rejects.toThrow('still down');
    const later = reads.get('a');
    await nextTurn();
    await s.endNext();
    expect(await later).toBe(7);
  });

  it('hands the statement the argument given with each key, the last one for a key asked twice', async () => {
    const seen: [string[], [string, number][]][] = [];
    const reads = coalescedReads<string, number, number>((keys, args) => {
      seen.push([[...keys], [...args]]);
      return Promise.resolve(new Map(keys.map((key) => [key, args.get(key) ?? -1])));
    });
    const answers = [reads.get('a', 1), reads.get('b'), reads.get('a', 3)];
    expect(await Promise.all(answers)).toEqual([3, -1, 3]);
    expect(seen).toEqual([[['a', 'b'], [['a', 3]]]]);
  });

  it('shares a keyless read the same way', async () => {
    let reads = 0;
    let release: () => void = () => {};
    const read = coalescedRead(() => {
      reads += 1;
      const value = reads;
      return new Promise<number>((resolve) => (release = () => resolve(value)));
    });
    const first = read();
    await nextTurn();
    const joined = [read(), read(), read()];
    release();
    expect(await first).toBe(1);
    await nextTurn();
    release();
    expect(await Promise.all(joined)).toEqual([2, 2, 2]);
    expect(reads).toBe(2);
  });
});

describe('padKeys', () => {
  it.each([
    [[], []],
    [[1], [1]],
    [
      [1, 2],
      [1, 2],
    ],
    [
      [1, 2, 3],
      [1, 2, 3, 3],
    ],
    [
      [5, 6, 7, 8, 9],
      [5, 6, 7, 8, 9, 9, 9, 9],
    ],
  ])('%j becomes %j', (keys, padded) => {
    expect(padKeys(keys)).toEqual(padded);
  });
});

/** The scheduler's arrival chunks ask it whether requests are on their way (decision 250). */
describe('coalescedReadsUnderway', () => {
  it('tells a read asked for, and one running, from none, across every coalescer of the process', async () => {
    const s = controlledStore();
    const reads = coalescedReads(s.load);
    const others = coalescedReads(s.load);
    expect(coalescedReadsUnderway()).toBe(false);
    const one = reads.get('a');
    // Asked for, not started yet: the next turn starts it.
    expect(coalescedReadsUnderway()).toBe(true);
    await nextTurn();
    const two = others.get('b');
    await nextTurn();
    expect(s.inFlight).toHaveLength(2);
    await s.endNext();
    await one;
    // The other coalescer's read still runs.
    expect(coalescedReadsUnderway()).toBe(true);
    await s.endNext();
    await two;
    await nextTurn();
    expect(coalescedReadsUnderway()).toBe(false);
  });

  it('is false again after a read that failed', async () => {
    const s = controlledStore();
    const reads = coalescedReads(s.load);
    const failed = reads.get('a');
    await nextTurn();
    s.inFlight.shift()?.fail(new Error('gone'));
    await expect(failed).rejects.toThrow('gone');
    await nextTurn();
    expect(coalescedReadsUnderway()).toBe(false);
  });
});
