import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFENSES, NOMAD_SHIPS, SHIPS } from '../../src/catalogue/units.js';
import {
  resolveCombat,
  type CombatInput,
  type CombatResult,
  type CombatStack,
} from '../../src/combat/index.js';
import { setPerUnitMax } from '../../src/combat/engine.js';
import { PER_UNIT_MAX } from '../../src/combat/per-unit.js';
import { referenceCombat } from './reference.js';

const research = fc.record({
  weapons: fc.integer({ min: 0, max: 12 }),
  thermal: fc.integer({ min: 0, max: 12 }),
  kinetic: fc.integer({ min: 0, max: 12 }),
  explosive: fc.integer({ min: 0, max: 12 }),
  em: fc.integer({ min: 0, max: 12 }),
  shielding: fc.integer({ min: 0, max: 12 }),
  armour: fc.integer({ min: 0, max: 12 }),
  structural: fc.integer({ min: 0, max: 12 }),
});

const stack = (maxCount: number): fc.Arbitrary<CombatStack> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('ship' as const),
      // Every ship combat can meet: both races' and the nomad pirates'.
      id: fc.constantFrom(...[...SHIPS, ...NOMAD_SHIPS].map((unit) => unit.id)),
      count: fc.integer({ min: 0, max: maxCount }),
    }),
    fc.record({
      kind: fc.constant('defense' as const),
      id: fc.constantFrom(...DEFENSES.map((unit) => unit.id)),
      count: fc.integer({ min: 0, max: maxCount }),
    }),
  );

/** A stack of one race's units: a side of them takes that race's shot loop (decision 245). */
const raceStack = (race: 1 | 2, maxCount: number): fc.Arbitrary<CombatStack> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('ship' as const),
      id: fc.constantFrom(...SHIPS.filter((unit) => unit.race === race).map((unit) => unit.id)),
      count: fc.integer({ min: 0, max: maxCount }),
    }),
    fc.record({
      kind: fc.constant('defense' as const),
      id: fc.constantFrom(...DEFENSES.filter((unit) => unit.race === race).map((unit) => unit.id)),
      count: fc.integer({ min: 0, max: maxCount }),
    }),
  );

/** Battles between one race's side and another's (or the same race's), up to 4 stacks a side. */
const raceBattle = (maxCount: number): fc.Arbitrary<CombatInput> =>
  fc.tuple(fc.constantFrom<1 | 2>(1, 2), fc.constantFrom<1 | 2>(1, 2)).chain(([attackerRace, defenderRace]) =>
    fc.record({
      attacker: fc.record({
        units: fc.array(raceStack(attackerRace, maxCount), { minLength: 1, maxLength: 4 }),
        research,
      }),
      defender: fc.record({
        units: fc.array(raceStack(defenderRace, maxCount), { minLength: 1, maxLength: 4 }),
        research,
      }),
      seed: fc.string({ maxLength: 12 }),
    }),
  );

/** Small battles: up to 4 stacks a side; few units make the shield, 1% and wreck cases frequent. */
const battle = (maxCount: number): fc.Arbitrary<CombatInput> =>
  fc.record(
    {
      attacker: fc.record({ units: fc.array(stack(maxCount), { maxLength: 4 }), research }),
      defender: fc.record({ units: fc.array(stack(maxCount), { maxLength: 4 }), research }),
      seed: fc.string({ maxLength: 12 }),
      maxRounds: fc.integer({ min: 0, max: 8 }),
    },
    { requiredKeys: ['attacker', 'defender', 'seed'] },
  );

const total = (stacks: readonly CombatStack[]) => stacks.reduce((sum, s) => sum + s.count, 0);

// Small battles take the per-unit path; the grouped one (decision 161) is forced for the same
// battles here, so that both are checked against the reference (decision 172).
describe.each([
  ['per-unit', PER_UNIT_MAX],
  ['grouped', -1],
])('resolveCombat on the %s path, against the reference', (_path, perUnitMax) => {
  beforeAll(() => setPerUnitMax(perUnitMax));
  afterAll(() => setPerUnitMax(PER_UNIT_MAX));

  it('agrees exactly with the one-object-per-unit reference (survivors and every round figure)', () => {
    fc.assert(
      fc.property(battle(40), (input) => {
        expect(resolveCombat(input)).toEqual(referenceCombat(input));
      }),
      { numRuns: 1000 },
    );
  });

  it("agrees with the reference when each side is one race's units (each layout's shot loop)", () => {
    fc.assert(
      fc.property(raceBattle(300), (input) => {
        expect(resolveCombat(input)).toEqual(referenceCombat(input));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the reference on fewer, larger stacks too', () => {
    fc.assert(
      fc.property(battle(400), (input) => {
        expect(resolveCombat(input)).toEqual(referenceCombat(input));
      }),
      { numRuns: 100 },
    );
  });

  it('gives a battle the same result whatever battles ran before it (the engine keeps its arrays)', () => {
    fc.assert(
      fc.property(battle(60), battle(400), (input, before) => {
        const alone = resolveCombat(input);
        resolveCombat(before);
        expect(resolveCombat(input)).toEqual(alone);
      }),
      { numRuns: 200 },
    );
  });
});

describe('resolveCombat, properties', () => {
  it('ends within maxRounds, and early only when a side has nothing left', () => {
    fc.assert(
      fc.property(battle(40), (input) => {
        const result = resolveCombat(input);
        const maxRounds = input.maxRounds ?? 6;
        expect(result.rounds.length).toBeLessThanOrEqual(maxRounds);
        if (result.rounds.length < maxRounds)
          expect(Math.min(total(result.attackerSurvivors), total(result.defenderSurvivors))).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same result for the same seed', () => {
    fc.assert(
      fc.property(battle(60), (input) => {
        expect(resolveCombat(input)).toEqual(resolveCombat(structuredClone(input)));
      }),
      { numRuns: 1000 },
    );
  });

  it('never has more survivors than units, never revives a unit, and names the right winner', () => {
    const check = (input: CombatInput, result: CombatResult) => {
      const sides = [
        [input.attacker.units, result.attackerSurvivors, 'attacker'],
        [input.defender.units, result.defenderSurvivors, 'defender'],
      ] as const;
      for (const [units, survivors, side] of sides) {
        expect(survivors.map((s) => [s.kind, s.id])).toEqual(units.map((s) => [s.kind, s.id]));
        survivors.forEach((s, i) => expect(s.count).toBeLessThanOrEqual(units[i]?.count ?? -1));
        let before: readonly CombatStack[] = units;
        for (const round of result.rounds) {
          const figures = round[side];
          expect(figures.unitsBefore.map((s) => s.count)).toEqual(before.map((s) => s.count));
          expect(figures.shots).toBe(total(figures.unitsBefore));
          figures.unitsAfter.forEach((s, i) =>
            expect(s.count).toBeLessThanOrEqual(figures.unitsBefore[i]?.count ?? -1),
          );
          before = figures.unitsAfter;
        }
        expect(survivors.map((s) => s.count)).toEqual(before.map((s) => s.count));
      }
      const attackers = total(result.attackerSurvivors);
      const defenders = total(result.defenderSurvivors);
      const expected =
        defenders === 0 && attackers > 0
          ? 'attacker'
          : attackers === 0 && defenders > 0
            ? 'defender'
            : 'draw';
      expect(result.winner).toBe(expected);
    };
    fc.assert(
      fc.property(battle(60), (input) => check(input, resolveCombat(input))),
      { numRuns: 1000 },
    );
  });
});
