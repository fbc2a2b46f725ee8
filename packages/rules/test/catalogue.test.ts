import { describe, expect, it } from 'vitest';
import {
  BUILDINGS,
  combatPower,
  COMMANDANTS,
  DEFENSES,
  FACTORIES,
  findModule,
  LAYERS,
  modulesFor,
  PLANET_TYPES,
  RACES,
  RESEARCHES,
  RESISTANCES,
  RESOURCES,
  SECURITIES,
  SHIPS,
  type DefenseDef,
} from '../src/catalogue/index.js';

type Unit = Pick<DefenseDef, 'cost' | 'layers'>;
const worth = (unit: Unit): number => unit.cost.metal + unit.cost.crystal + unit.cost.fuel;
const hitPoints = (unit: Unit): number => unit.layers.reduce((sum, layer) => sum + layer.value, 0);

describe('catalogue', () => {
  it('has stable ids from 1 and unique snake_case keys in every list', () => {
    for (const list of [
      RACES,
      RESOURCES,
      FACTORIES,
      BUILDINGS,
      RESEARCHES,
      SHIPS,
      DEFENSES,
      COMMANDANTS,
      PLANET_TYPES,
      LAYERS,
      RESISTANCES,
      SECURITIES,
    ]) {
      expect(list.map((def) => def.id)).toEqual(list.map((_, index) => index + 1));
      expect(new Set(list.map((def) => def.key)).size).toBe(list.length);
      for (const def of list) expect(def.key).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it('has the 17 researches, 5 commandants and 5 planet types of the rules', () => {
    expect(RESEARCHES).toHaveLength(17);
    expect(RESEARCHES.every((def) => def.factor === 2)).toBe(true);
    expect(COMMANDANTS.map((def) => [def.key, def.nmi[1], def.nmi[2], def.nmi[3], def.nmi[4]])).toEqual([
      ['geologist', 10, 50, 150, 1200],
      ['architect', 10, 50, 150, 1200],
      ['admiral', 8, 40, 120, 1000],
      ['technocrat', 12, 60, 180, 1400],
      ['commander', 15, 75, 220, 1800],
    ]);
    expect(Object.fromEntries(PLANET_TYPES.map((def) => [def.key, def.bonus]))).toEqual({
      default: { metal: 0, crystal: 0, fuel: 0 },
      gas: { metal: 0, crystal: 0, fuel: 0.25 },
      mineral: { metal: 0.25, crystal: 0, fuel: 0 },
      cryogenic: { metal: 0, crystal: 0.1, fuel: 0.15 },
      volcanic: { metal: 0, crystal: 0.25, fuel: 0 },
    });
  });

  it('names only existing buildings and researches in requirements', () => {
    const all = [...FACTORIES, ...BUILDINGS, ...RESEARCHES, ...SHIPS, ...DEFENSES];
    for (const def of all) {
      for (const requirement of def.requirements) {
        expect(findModule(requirement.kind === 'building' ? 2 : 5, requirement.id)).toBeDefined();
        expect(requirement.level).toBeGreaterThan(0);
      }
    }
  });

  it.each([1, 2] as const)('gives race %i ten ships and ten defenses, all of its own id range', (race) => {
    const ships = modulesFor(3, race);
    const defenses = modulesFor(4, race);
    const ids = Array.from({ length: 10 }, (_, index) => (race - 1) * 10 + index + 1);
    expect(ships.map((def) => def.id)).toEqual(ids);
    expect(defenses.map((def) => def.id)).toEqual(ids);
    expect(modulesFor(2, race)).toHaveLength(5);
  });

  it.each([1, 2] as const)(
    'gives race %i one ship of every role, with the flags of that role only',
    (race) => {
      const ships = SHIPS.filter((ship) => ship.race === race);
      expect(new Set(ships.map((ship) => ship.role)).size).toBe(10);
      for (const ship of ships) {
        expect(ship.canSpy).toBe(ship.role === 'espionage_probe');
        expect(ship.canColonize).toBe(ship.role === 'colony_ship');
        expect(ship.canExploit).toBe(ship.role === 'recycler');
      }
      const defenses = DEFENSES.filter((defense) => defense.race === race);
      expect(defenses.filter((defense) => defense.role === 'armed')).toHaveLength(8);
      expect(defenses.filter((defense) => defense.role === 'shield_dome')).toHaveLength(2);
    },
  );

  it('builds human hulls of structure, armor and shield, insectoid hulls of biostructure and armor', () => {
    for (const unit of [...SHIPS, ...DEFENSES]) {
      expect(unit.layers.map((layer) => layer.layerId)).toEqual(unit.race === 1 ? [1, 3, 4] : [2, 3]);
      for (const layer of unit.layers) {
        for (const resistance of layer.resistances) {
          expect(resistance.value).toBeGreaterThanOrEqual(0);
          expect(resistance.value).toBeLessThanOrEqual(90);
        }
      }
    }
  });

  it('gives every insectoid ship more hit points than the human ship of the same role', () => {
    for (const human of SHIPS.filter((ship) => ship.race === 1)) {
      const insectoid = SHIPS.find((ship) => ship.race === 2 && ship.role === human.role);
      expect(insectoid && hitPoints(insectoid)).toBeGreaterThan(hitPoints(human));
    }
  });

  it('makes ships need a shipyard and their drive research, defenses an arsenal', () => {
    for (const ship of SHIPS) {
      expect([7, 8, 9]).toContain(ship.drive);
      expect(ship.requirements).toContainEqual(expect.objectContaining({ kind: 'building', id: 2 }));
      expect(ship.requirements).toContainEqual(expect.objectContaining({ kind: 'research', id: ship.drive }));
    }
    for (const defense of DEFENSES)
      expect(defense.requirements).toContainEqual(expect.objectContaining({ kind: 'building', id: 5 }));
  });

  const combatRoles = new Set(['light_fighter', 'heavy_fighter', 'cruiser', 'battleship', 'bomber', 'armed']);
  it.each([
    ['human ships', SHIPS.filter((unit) => unit.race === 1)],
    ['insectoid ships', SHIPS.filter((unit) => unit.race === 2)],
    ['human defenses', DEFENSES.filter((unit) => unit.race === 1)],
    ['insectoid defenses', DEFENSES.filter((unit) => unit.race === 2)],
  ] as const)('prices %s so that cost rises with combat power', (_name, units) => {
    const armed = [...units].filter((unit) => combatRoles.has(unit.role)).sort((a, b) => worth(a) - worth(b));
    const powers = armed.map(combatPower);
    expect(powers).toEqual([...powers].sort((a, b) => a - b));
    expect(new Set(armed.map(worth)).size).toBe(armed.length);
  });
});
