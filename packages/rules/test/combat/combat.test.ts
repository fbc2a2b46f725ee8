import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NO_COMBAT_RESEARCH,
  resolveCombat,
  type CombatInput,
  type CombatResearch,
  type CombatStack,
} from '../../src/combat/index.js';
import { setPerUnitMax } from '../../src/combat/engine.js';
import { PER_UNIT_MAX, targetPosition } from '../../src/combat/per-unit.js';
import { createRandom, randomState } from '../../src/universe/random.js';
import { referenceCombat } from './reference.js';

const NONE = NO_COMBAT_RESEARCH;
const ship = (id: number, count: number): CombatStack => ({ kind: 'ship', id, count });
const defense = (id: number, count: number): CombatStack => ({ kind: 'defense', id, count });

function battle(
  attacker: CombatStack[],
  defender: CombatStack[],
  options: {
    maxRounds?: number;
    attackerResearch?: Partial<CombatResearch>;
    defenderResearch?: Partial<CombatResearch>;
  } = {},
): CombatInput {
  return {
    attacker: { units: attacker, research: { ...NONE, ...options.attackerResearch } },
    defender: { units: defender, research: { ...NONE, ...options.defenderResearch } },
    seed: 'hand-computed',
    ...(options.maxRounds === undefined ? {} : { maxRounds: options.maxRounds }),
  };
}

/** The grouped path's result (decision 161), whatever the battle's size. */
function grouped(input: CombatInput) {
  setPerUnitMax(-1);
  try {
    return resolveCombat(input);
  } finally {
    setPerUnitMax(PER_UNIT_MAX);
  }
}

/**
 * The fast engine's two paths (per unit for small battles, grouped for large ones: decision 172)
 * and the reference, which must all agree exactly; the hand-computed figures are checked on the
 * fast one.
 */
function fight(input: CombatInput) {
  const result = resolveCombat(input);
  expect(referenceCombat(input)).toEqual(result);
  expect(grouped(input)).toEqual(result);
  return result;
}

const counts = (stacks: readonly CombatStack[]) => stacks.map((stack) => stack.count);

// Catalogue figures used below (FLEETS.md section 4 layers; resistances per layer, in %):
//   human shield [thermal 55, kinetic 20, explosive 30, EM 60], armor [30, 45, 20, 10], structure 10 each
//   insectoid armor [30, 45, 20, 10], biostructure [20, 15, 35, 5]
//   light fighter (ship 1): 50 thermal; shield 10, armor 100, structure 400
//   battleship (ship 4): 700 kinetic + 300 explosive; shield 200
//   bomber (ship 5): 200 thermal + 1000 explosive; shield 500
//   heavy laser (defense 3): 250 thermal; shield 100, armor 200, structure 800
//   small shield dome (defense 9): no damage; shield 10,000, armor 0, structure 2,000
//   large shield dome (defense 10): no damage; shield 50,000
//   spine launcher (defense 11): 70 kinetic; armor 90, biostructure 320

describe('resolveCombat, hand-computed', () => {
  it('carries a shot through shield, armor and structure, each layer with its own resistance', () => {
    // One against one: every draw lands on the only enemy unit.
    const result = fight(battle([ship(1, 1)], [defense(3, 1)], { maxRounds: 1 }));
    const round = result.rounds[0];
    // Heavy laser on the light fighter, 250 thermal:
    //   shield takes 250 * 0.45 = 112.5 > 10: 10 taken, (112.5 - 10) / 0.45 = 227.78 raw goes on;
    //   armor takes 227.78 * 0.7 = 159.44 > 100: 100 taken, (159.44 - 100) / 0.7 = 84.92 goes on;
    //   structure takes 84.92 * 0.9 = 76.43 of its 400.
    expect(round?.defender.damageDealt).toBeCloseTo(10 + 100 + 76.428571428571, 9);
    expect(round?.attacker.damageAbsorbed).toBe(10);
    // Light fighter on the heavy laser: 50 * 0.45 = 22.5 into a shield of 100 (above its 1%).
    expect(round?.attacker.damageDealt).toBeCloseTo(22.5, 9);
    expect(round?.defender.damageAbsorbed).toBeCloseTo(22.5, 9);
    expect(counts(result.attackerSurvivors)).toEqual([1]);
    expect(result.winner).toBe('draw');
  });

  it('lets a unit destroyed in a round still fire in it, and stops once a side is gone', () => {
    const result = fight(battle([ship(4, 1)], [ship(1, 1)]));
    // Battleship on the light fighter: kinetic 700 breaks the shield (10), the armor (100) and the
    // structure (400) in turn; the explosive part finds nothing left.
    expect(result.rounds).toHaveLength(1);
    expect(result.rounds[0]?.attacker.damageDealt).toBe(510);
    // The light fighter fired back before it was removed: 50 * 0.45 into the battleship's shield.
    expect(result.rounds[0]?.defender.shots).toBe(1);
    expect(result.rounds[0]?.defender.damageDealt).toBeCloseTo(22.5, 9);
    expect(counts(result.defenderSurvivors)).toEqual([0]);
    expect(result.winner).toBe('attacker');
  });

  it('absorbs a shot below 1% of a full shield, but not once that shield is down', () => {
    // 13 bombers then 10 light fighters against a small shield dome (shield 10,000, so 1% = 100).
    // A bomber's shot is worth 200 * 0.45 + 1000 * 0.7 = 790 on the shield: 12 of them leave 520;
    // the 13th takes it to 0 and (700 - 430) / 0.7 * 0.9 = 347.14 reaches the structure.
    // A light fighter's 22.5 is below 100, but the shield is already down: 50 * 0.9 = 45 each.
    const bombersFirst = fight(battle([ship(5, 13), ship(1, 10)], [defense(9, 1)], { maxRounds: 1 }));
    expect(bombersFirst.rounds[0]?.attacker.damageDealt).toBeCloseTo(10000 + 347.142857142857 + 450, 9);
    expect(bombersFirst.rounds[0]?.defender.damageAbsorbed).toBe(10000);
    // Light fighters first: their ten shots meet a full shield and are absorbed whole.
    const fightersFirst = fight(battle([ship(1, 10), ship(5, 13)], [defense(9, 1)], { maxRounds: 1 }));
    expect(fightersFirst.rounds[0]?.attacker.damageDealt).toBeCloseTo(10000 + 347.142857142857, 9);
    expect(fightersFirst.rounds[0]?.defender.damageAbsorbed).toBe(225 + 10000);
  });

  it('restores shields at the start of every round, not armor or structure', () => {
    const result = fight(battle([ship(5, 13), ship(1, 10)], [defense(9, 1)]));
    const dealt = 10000 + 347.142857142857 + 450;
    expect(result.rounds.map((round) => round.defender.damageAbsorbed)).toEqual([10000, 10000, 10000]);
    expect(result.rounds[0]?.attacker.damageDealt).toBeCloseTo(dealt, 9);
    expect(result.rounds[1]?.attacker.damageDealt).toBeCloseTo(dealt, 9);
    // Round 3: 2,000 - 2 * 797.14 = 405.71 of structure left; the 13th bomber takes 347.14 and the
    // first two light fighters the remaining 58.57; the other eight shoot at a wreck.
    expect(result.rounds[2]?.attacker.damageDealt).toBeCloseTo(10000 + 2000 - 2 * 797.142857142857, 9);
    expect(counts(result.defenderSurvivors)).toEqual([0]);
    expect(result.winner).toBe('attacker');
  });

  it('ends in a draw after 6 rounds when neither side can hurt the other', () => {
    // 22.5 on a 50,000 shield is below its 1%; the dome has no weapon.
    const result = fight(battle([ship(1, 3)], [defense(10, 1)]));
    expect(result.rounds).toHaveLength(6);
    expect(result.rounds.every((round) => round.attacker.damageDealt === 0)).toBe(true);
    expect(result.rounds[5]?.defender.damageAbsorbed).toBeCloseTo(3 * 22.5, 9);
    expect(counts(result.attackerSurvivors)).toEqual([3]);
    expect(counts(result.defenderSurvivors)).toEqual([1]);
    expect(result.winner).toBe('draw');
  });

  it('applies weapons, weaponry, armour and structural research', () => {
    // Light fighter with weapons 2 and thermal weaponry 4: 50 * (1 + 0.2 + 0.2) = 70 thermal.
    // Spine launcher with armour 2 and structural 5: armor 90 * 1.2 = 108, biostructure 320 * 1.5 = 480.
    const result = fight(
      battle([ship(1, 1)], [defense(11, 1)], {
        attackerResearch: { weapons: 2, thermal: 4, kinetic: 9 },
        defenderResearch: { armour: 2, structural: 5 },
      }),
    );
    const dealt = result.rounds.map((round) => round.attacker.damageDealt);
    // 70 * 0.7 = 49 twice, then 10 of armor left and (49 - 10) / 0.7 * 0.8 = 44.57 of biostructure,
    // then 70 * 0.8 = 56 a round into the biostructure.
    expect(dealt[0]).toBeCloseTo(49, 9);
    expect(dealt[1]).toBeCloseTo(49, 9);
    expect(dealt[2]).toBeCloseTo(10 + 44.571428571428, 9);
    expect(dealt.slice(3)).toEqual([56, 56, 56].map((value) => expect.closeTo(value, 9) as number));
  });

  it('applies shielding research to the shield and its 1% threshold', () => {
    // Shielding 10 doubles the light fighter's shield to 20: the heavy laser's 112.5 breaks 20 of it.
    const shielded = fight(
      battle([ship(1, 1)], [defense(3, 1)], { maxRounds: 1, attackerResearch: { shielding: 10 } }),
    );
    expect(shielded.rounds[0]?.attacker.damageAbsorbed).toBe(20);
    // Shielding 2 on the large dome: 60,000, whose 1% (600) still swallows the fighters' 22.5.
    const dome = fight(
      battle([ship(1, 1)], [defense(10, 1)], { maxRounds: 1, defenderResearch: { shielding: 2 } }),
    );
    expect(dome.rounds[0]?.attacker.damageDealt).toBe(0);
  });

  it('fights no round when a side has nothing, and a wipe-out on both sides is a draw', () => {
    const empty = fight(battle([ship(1, 5)], []));
    expect(empty.rounds).toHaveLength(0);
    expect(empty.winner).toBe('attacker');
    expect(fight(battle([], [defense(1, 2)])).winner).toBe('defender');
    expect(fight(battle([ship(1, 0)], [defense(1, 0)])).winner).toBe('draw');
    expect(fight(battle([ship(1, 1)], [ship(1, 1)], { maxRounds: 0 })).winner).toBe('draw');
    // Two rocket launchers (80 explosive; shield 20, armor 50, structure 200) mirror each other:
    // 51.43 raw a round past the shield wears the armor down, then 46.29 a round the structure,
    // and both go in round 6.
    const mirror = fight(battle([defense(1, 1)], [defense(1, 1)]));
    expect(mirror.rounds).toHaveLength(6);
    expect([...counts(mirror.attackerSurvivors), ...counts(mirror.defenderSurvivors)]).toEqual([0, 0]);
    expect(mirror.winner).toBe('draw');
  });

  it('refuses unknown units and bad counts', () => {
    expect(() => resolveCombat(battle([ship(999, 1)], [defense(1, 1)]))).toThrow(RangeError);
    expect(() => resolveCombat(battle([ship(1, -1)], [defense(1, 1)]))).toThrow(RangeError);
    expect(() => resolveCombat(battle([ship(1, 1.5)], [defense(1, 1)]))).toThrow(RangeError);
    expect(() => resolveCombat(battle([ship(1, 1)], [defense(1, 1)], { maxRounds: -1 }))).toThrow(RangeError);
    expect(() => resolveCombat(battle([ship(1, 2 ** 30), ship(2, 2 ** 30)], [defense(1, 1)]))).toThrow(
      RangeError,
    );
  });

  it('does not change its input', () => {
    const input = battle([ship(1, 30), ship(4, 2)], [defense(11, 20), defense(3, 5)]);
    const copy = structuredClone(input);
    resolveCombat(input);
    expect(input).toEqual(copy);
  });
});

describe('resolveCombat, memory kept between battles', () => {
  // The engine keeps its typed arrays from battle to battle (decision 161): no battle may see
  // anything of the ones before it, whether they were smaller, larger (past what is kept), or failed.
  const small = battle([ship(1, 30), ship(4, 3)], [defense(11, 25), ship(11, 10)]);
  const alone = resolveCombat(small);

  it('gives a battle the same result whatever ran before it', () => {
    expect(referenceCombat(small)).toEqual(alone);
    // 70,000 units on a side: more than the engine keeps, so its arrays are dropped afterwards.
    resolveCombat(battle([ship(1, 70_000)], [defense(11, 50), defense(9, 2)], { maxRounds: 2 }));
    expect(resolveCombat(small)).toEqual(alone);
    resolveCombat(battle([ship(2, 500), ship(3, 300)], [ship(12, 400), defense(13, 200)]));
    expect(resolveCombat(small)).toEqual(alone);
  });

  it('gives the same result once the unit types kept have been dropped (more research levels than kept)', () => {
    // A one-round battle of one unit a side per research level: 4,500 levels, past the 4,096 kept.
    for (let level = 0; level < 4_500; level++)
      resolveCombat(
        battle([ship(1, 1)], [ship(11, 1)], { maxRounds: 1, attackerResearch: { weapons: level } }),
      );
    expect(resolveCombat(small)).toEqual(alone);
    const researched = battle(small.attacker.units.slice(), small.defender.units.slice(), {
      attackerResearch: { weapons: 4_499, shielding: 3 },
      defenderResearch: { armour: 2 },
    });
    expect(resolveCombat(researched)).toEqual(referenceCombat(researched));
  });

  it('is not disturbed by a battle refused half-way through its set-up', () => {
    // The attacker's side is read before the defender's unknown unit is found.
    expect(() => resolveCombat(battle([ship(1, 500)], [defense(11, 3), defense(999, 1)]))).toThrow(
      RangeError,
    );
    expect(() => resolveCombat(battle([ship(1, 40)], [defense(11, 3)], { maxRounds: 1.5 }))).toThrow(
      RangeError,
    );
    expect(resolveCombat(small)).toEqual(alone);
  });

  it('gives a battle on the grouped path the same result whatever ran before it', () => {
    const alone = grouped(small);
    expect(alone).toEqual(resolveCombat(small));
    resolveCombat(battle([ship(1, 70_000)], [defense(11, 50), defense(9, 2)], { maxRounds: 2 }));
    expect(grouped(small)).toEqual(alone);
    resolveCombat(battle([ship(2, 500), ship(3, 300)], [ship(12, 400), defense(13, 200)]));
    expect(grouped(small)).toEqual(alone);
    grouped(battle([ship(2, 500), ship(3, 300)], [ship(12, 400), defense(13, 200)]));
    expect(resolveCombat(small)).toEqual(alone);
  });

  it('takes the per-unit path up to PER_UNIT_MAX units a side and 4,096 stack pairs, with the same results as the grouped one', () => {
    // At the bound on one side and just past it on the other: one battle on each path.
    const at = battle([ship(1, PER_UNIT_MAX)], [defense(11, 40), ship(4, 3)], { maxRounds: 2 });
    const past = battle([ship(1, PER_UNIT_MAX + 1)], [defense(11, 40), ship(4, 3)], { maxRounds: 2 });
    expect(resolveCombat(at)).toEqual(grouped(at));
    expect(resolveCombat(past)).toEqual(grouped(past));
    // More stack pairs than the per-unit path's tables take: the grouped path, same results.
    const stacks = Array.from({ length: 70 }, (_, i) => ship(1 + (i % 4), 3));
    const many = battle(stacks, [...stacks, defense(11, 5)], { maxRounds: 2 });
    expect(resolveCombat(many)).toEqual(referenceCombat(many));
  });

  it('keeps hit units apart when many histories branch (thousands of states on a side)', () => {
    // Four shooter types on mixed targets for 6 rounds: far more states than the first allocation.
    const input = battle(
      [ship(1, 900), ship(2, 300), ship(3, 120), ship(4, 60)],
      [ship(11, 500), ship(12, 250), defense(11, 350), defense(13, 120), defense(3, 40)],
      { attackerResearch: { weapons: 3, shielding: 2 }, defenderResearch: { armour: 4, structural: 1 } },
    );
    expect(resolveCombat(input)).toEqual(referenceCombat(input));
    expect(grouped(input)).toEqual(referenceCombat(input));
  });
});

describe('randomState', () => {
  it('starts sfc32 where createRandom does, so the engine stepping it inline draws the same stream', () => {
    for (const seed of ['', 'a', 'fleet 42 at 1767225600000', 'bench-big-battle']) {
      const random = createRandom(seed);
      const state = randomState(seed);
      let [a = 0, b = 0, c = 0, d = 0] = state;
      for (let i = 0; i < 1000; i++) {
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        expect((t >>> 0) / 4294967296).toBe(random.next());
      }
    }
  });
});

describe('targetPosition', () => {
  const floatPosition = (rt: number, total: number) => Math.floor(((rt >>> 0) / 4294967296) * total);

  it('draws floor(next() * total) in integers, for every total the per-unit path takes', () => {
    const extremes = [0, 1, 0xffff, 0x10000, 0x7fffffff, -0x80000000, 0x8000ffff | 0, -1];
    for (const total of [0, 1, 2, 3, 1000, PER_UNIT_MAX - 1, PER_UNIT_MAX])
      for (const rt of extremes) expect(targetPosition(rt, total)).toBe(floatPosition(rt, total));
    fc.assert(
      fc.property(
        fc.integer({ min: -0x80000000, max: 0x7fffffff }),
        fc.integer({ min: 0, max: PER_UNIT_MAX }),
        (rt, total) => {
          expect(targetPosition(rt, total)).toBe(floatPosition(rt, total));
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
