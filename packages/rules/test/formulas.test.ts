import { describe, expect, it } from 'vitest';
import {
  capacityUsed,
  hangarCapacity,
  levelCost,
  levelDurationSeconds,
  maxPlanets,
  maxQueueLength,
  pendingLevels,
  predictResource,
  productionPerHour,
  productionPerSecond,
  unitCost,
  unitDurationSeconds,
} from '../src/formulas/index.js';
import type { LevelTypeId, PlanetTypeKey, ResourceId } from '../src/types.js';
import { createAccount, createPlanet, HOUR, SPEED1, T0 } from './factories.js';

describe('levelCost', () => {
  it.each<[string, LevelTypeId, number, number, [number, number, number]]>([
    ['metal mine level 1', 1, 1, 1, [60, 15, 0]],
    ['metal mine level 2', 1, 1, 2, [90, 22, 0]],
    ['metal mine level 3', 1, 1, 3, [135, 33, 0]],
    ['crystal mine level 2', 1, 2, 2, [76, 38, 0]],
    ['fuel synthesizer level 1', 1, 3, 1, [225, 75, 0]],
    ['command center level 3', 2, 1, 3, [1600, 480, 800]],
    ['hangar level 1', 2, 4, 1, [1000, 500, 0]],
    ['computer technology level 2', 5, 4, 2, [0, 800, 1200]],
    ['astrophysics level 1', 5, 6, 1, [4000, 8000, 4000]],
  ])('costs %s as floor(base * factor^(L-1))', (_name, typeId, moduleId, level, [metal, crystal, fuel]) => {
    expect(levelCost(typeId, moduleId, level)).toEqual({ metal, crystal, fuel });
  });

  it('costs nothing for level 0', () => {
    expect(levelCost(1, 1, 0)).toEqual({ metal: 0, crystal: 0, fuel: 0 });
  });

  it('throws for an id that is not in the catalogue', () => {
    expect(() => levelCost(2, 9, 1)).toThrow(RangeError);
  });
});

describe('unitCost', () => {
  it('is the catalogue cost of one unit', () => {
    expect(unitCost(3, 1)).toEqual({ metal: 3000, crystal: 1000, fuel: 0 });
    expect(unitCost(4, 11)).toEqual({ metal: 2000, crystal: 0, fuel: 0 });
  });
});

describe('productionPerHour', () => {
  const cases: [
    string,
    PlanetTypeKey,
    Record<number, number>,
    Record<number, number>,
    boolean,
    ResourceId,
    number,
  ][] = [
    ['passive metal at level 0', 'default', {}, {}, false, 1, 30],
    ['passive crystal at level 0', 'default', {}, {}, false, 2, 15],
    ['no fuel at level 0', 'default', {}, {}, false, 3, 0],
    ['metal mine level 1', 'default', { 1: 1 }, {}, false, 1, 30 * 1.1 + 30],
    ['metal mine level 1 on a mineral planet (+25%)', 'mineral', { 1: 1 }, {}, false, 1, 63 * 1.25],
    ['crystal on a volcanic planet (+25%)', 'volcanic', {}, {}, false, 2, 15 * 1.25],
    ['crystal on a cryogenic planet (+10%)', 'cryogenic', {}, {}, false, 2, 15 * 1.1],
    [
      'fuel synthesizer level 2 on a cryogenic planet (+15%)',
      'cryogenic',
      { 3: 2 },
      {},
      false,
      3,
      10 * 2 * 1.21 * 1.15,
    ],
    ['fuel synthesizer level 2 on a gas planet (+25%)', 'gas', { 3: 2 }, {}, false, 3, 24.2 * 1.25],
    ['metal with mining technology 3 (+6%)', 'default', { 1: 1 }, { 1: 3 }, false, 1, 63 * 1.06],
    ['crystal with mining technology 3 (+6%)', 'default', {}, { 1: 3 }, false, 2, 15 * 1.06],
    [
      'fuel with fuel chemistry 5 (+10%), not mining technology',
      'default',
      { 3: 2 },
      { 1: 4, 2: 5 },
      false,
      3,
      24.2 * 1.1,
    ],
    ['metal with an active Geologist (+10%)', 'default', { 1: 1 }, {}, true, 1, 63 * 1.1],
    [
      'gas planet, fuel chemistry 5 and Geologist added, not multiplied',
      'gas',
      { 3: 2 },
      { 2: 5 },
      true,
      3,
      24.2 * 1.45,
    ],
  ];
  it.each(cases)('gives %s', (_name, type, factories, research, geologist, resourceId, expected) => {
    const account = createAccount({ research, commandants: geologist ? { 1: T0 + HOUR } : {} });
    const planet = createPlanet({ type, factories });
    expect(productionPerHour(account, planet, resourceId, T0, SPEED1)).toBeCloseTo(expected, 9);
  });

  it('stops counting the Geologist from its expiry instant', () => {
    const account = createAccount({ commandants: { 1: T0 + HOUR } });
    const planet = createPlanet();
    expect(productionPerHour(account, planet, 1, T0 + HOUR - 1, SPEED1)).toBeCloseTo(33, 9);
    expect(productionPerHour(account, planet, 1, T0 + HOUR, SPEED1)).toBeCloseTo(30, 9);
  });

  it('multiplies by the game speed, and per second is per hour / 3600', () => {
    const account = createAccount();
    const planet = createPlanet({ factories: { 1: 1 } });
    expect(productionPerHour(account, planet, 1, T0, { gameSpeed: 100 })).toBeCloseTo(6300, 9);
    expect(productionPerSecond(account, planet, 1, T0, { gameSpeed: 100 })).toBeCloseTo(6300 / 3600, 12);
  });
});

describe('hangarCapacity', () => {
  it.each([
    [0, 0, 10_000],
    [1, 0, 20_000],
    [2, 0, 40_000],
    [3, 0, 15 * 5000],
    [0, 2, 11_000],
    [1, 4, 24_000],
  ])('holds, with hangar %i and logistics %i, %i of each resource', (hangar, logistics, expected) => {
    const account = createAccount({ research: { 3: logistics } });
    expect(hangarCapacity(account, createPlanet({ buildings: { 4: hangar } }))).toBeCloseTo(expected, 9);
  });
});

describe('durations', () => {
  it.each<
    [string, LevelTypeId, number, number, Record<number, number>, Record<number, number>, number, number]
  >([
    ['metal mine 1, no command center', 1, 1, 1, {}, {}, 1, 108],
    ['metal mine 1, command center 1', 1, 1, 1, { 1: 1 }, {}, 1, 54],
    ['metal mine 1 with the Architect (-20%)', 1, 1, 1, {}, { 2: T0 + HOUR }, 1, 86],
    ['metal mine 1 at speed 100 never goes below 1 s', 1, 1, 1, {}, {}, 100, 1],
    ['command center 2 at speed 10', 2, 1, 2, {}, {}, 10, 150],
    ['mining technology 1, laboratory 1', 5, 1, 1, { 3: 1 }, {}, 1, 540],
    ['mining technology 1 with the Technocrat (-25%)', 5, 1, 1, { 3: 1 }, { 4: T0 + HOUR }, 1, 405],
    ['the Architect does not shorten research', 5, 1, 1, { 3: 1 }, { 2: T0 + HOUR }, 1, 540],
  ])('lasts for %s: %i', (_name, typeId, moduleId, level, buildings, commandants, gameSpeed, seconds) => {
    const account = createAccount({ commandants });
    const planet = createPlanet({ buildings });
    expect(levelDurationSeconds(account, planet, typeId, moduleId, level, T0, { gameSpeed })).toBe(seconds);
  });

  it('builds one ship in (metal + crystal) / (2500 (1 + shipyard)) hours and one defense with the arsenal', () => {
    const account = createAccount();
    const planet = createPlanet({ buildings: { 2: 1, 5: 3 } });
    expect(unitDurationSeconds(account, planet, 3, 1, T0, SPEED1)).toBe(2880);
    expect(unitDurationSeconds(account, planet, 4, 1, T0, SPEED1)).toBe(720);
    expect(unitDurationSeconds(account, planet, 4, 1, T0, { gameSpeed: 1000 })).toBe(1);
  });
});

describe('maxQueueLength', () => {
  it.each([
    ['3 by default', {}, {}, 1, 3],
    ['+1 for computer technology 3', { 4: 3 }, {}, 1, 4],
    ['at most +5 from computer technology', { 4: 20 }, {}, 2, 8],
    ['+2 ship slots with the Admiral', {}, { 3: T0 + HOUR }, 3, 5],
    ['no factory slot from the Admiral', {}, { 3: T0 + HOUR }, 1, 3],
    ['+2 research slots with the Commander', {}, { 5: T0 + HOUR }, 5, 5],
    ['no defense slot from the Commander', {}, { 5: T0 + HOUR }, 4, 3],
    ['nothing from an expired Commander', {}, { 5: T0 }, 2, 3],
  ] as const)('is %s', (_name, research, commandants, typeId, expected) => {
    expect(
      maxQueueLength(
        createAccount({ research: { ...research }, commandants: { ...commandants } }),
        typeId,
        T0,
      ),
    ).toBe(expected);
  });
});

describe('maxPlanets', () => {
  it.each([
    [0, 1],
    [1, 2],
    [2, 2],
    [3, 3],
    [10, 6],
  ])('allows, with astrophysics %i, %i planets', (astrophysics, expected) => {
    expect(maxPlanets(createAccount({ research: { 6: astrophysics } }))).toBe(expected);
  });
});

describe('capacity', () => {
  it('counts factory and building levels, and queued factory and building items', () => {
    const item = {
      id: 1,
      typeId: 1 as const,
      moduleId: 1,
      planetId: 1,
      targetLevel: 3,
      state: 1 as const,
      startedAt: null,
      finishAt: null,
      paid: null,
      queuedAt: T0,
    };
    const planet = createPlanet({
      factories: { 1: 2, 2: 1 },
      buildings: { 1: 3 },
      queues: { factories: [item], buildings: [{ ...item, id: 2, typeId: 2 }], ships: [], defenses: [] },
    });
    expect(capacityUsed(planet)).toBe(6);
    expect(pendingLevels(planet)).toBe(2);
  });
});

describe('predictResource', () => {
  it('gives 25 hourly values that rise by the production per hour', () => {
    const values = predictResource(createAccount(), createPlanet(), 1, T0, SPEED1);
    expect(values).toHaveLength(25);
    expect(values[0]).toBe(500);
    expect(values[1]).toBeCloseTo(530, 9);
    expect(values[24]).toBeCloseTo(500 + 24 * 30, 9);
  });

  it('stops at the hangar capacity', () => {
    const planet = createPlanet({ resources: { metal: 9_990, crystal: 0, fuel: 0 } });
    expect(predictResource(createAccount(), planet, 1, T0, SPEED1).slice(0, 3)).toEqual([
      9_990, 10_000, 10_000,
    ]);
  });

  it('keeps a stock above the capacity where it is', () => {
    const planet = createPlanet({ resources: { metal: 12_000, crystal: 0, fuel: 0 } });
    expect(new Set(predictResource(createAccount(), planet, 1, T0, SPEED1))).toEqual(new Set([12_000]));
  });
});
