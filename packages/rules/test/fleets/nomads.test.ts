import { describe, expect, it } from 'vitest';
import {
  combatPower,
  findCombatUnit,
  findModule,
  findShipDef,
  findUnit,
  modulesFor,
  modulesOfType,
  NOMAD_SHIPS,
  SHIPS,
} from '../../src/catalogue/index.js';
import { canStart, moduleView, orderUnits } from '../../src/index.js';
import { createAccount, RICH, SPEED1, T0, createPlanet } from '../factories.js';

const worth = (cost: { metal: number; crystal: number; fuel: number }): number =>
  cost.metal + cost.crystal + cost.fuel;

describe('nomad pirate ships', () => {
  it('are race 3, ids 21..25 after the playable ships, with unique snake_case keys', () => {
    expect(NOMAD_SHIPS.map((def) => def.id)).toEqual([21, 22, 23, 24, 25]);
    expect(NOMAD_SHIPS.every((def) => def.race === 3)).toBe(true);
    const keys = [...SHIPS, ...NOMAD_SHIPS].map((def) => def.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const def of NOMAD_SHIPS) {
      expect(def.key).toMatch(/^nomad_[a-z]+$/);
      expect(def.canSpy || def.canExploit || def.canColonize).toBe(false);
    }
  });

  it('price cost rising with combat power, like the playable races', () => {
    const sorted = [...NOMAD_SHIPS].sort((a, b) => worth(a.cost) - worth(b.cost));
    const powers = sorted.map(combatPower);
    expect(powers).toEqual([...powers].sort((a, b) => a - b));
  });

  it('are found by the combat and fleet lookups only', () => {
    expect(findShipDef(23)?.key).toBe('nomad_corsair');
    expect(findCombatUnit('ship', 25)?.key).toBe('nomad_warlord');
    expect(findCombatUnit('defense', 1)?.key).toBe('rocket_launcher');
    expect(findCombatUnit('defense', 21)).toBeUndefined();
    expect(SHIPS.some((def) => def.id > 20)).toBe(false);
    expect(modulesOfType(3)).toHaveLength(20);
    expect(findModule(3, 21)).toBeUndefined();
    expect(findUnit(3, 22)).toBeUndefined();
    for (const race of [1, 2] as const) {
      expect(modulesFor(3, race).every((def) => def.id <= 20)).toBe(true);
    }
  });

  it('can never be built, viewed or checked by a player', () => {
    const account = createAccount({
      planets: [createPlanet({ resources: { ...RICH }, buildings: { 1: 10, 2: 12 } })],
      research: { 7: 10, 8: 10, 9: 10 },
    });
    for (const def of NOMAD_SHIPS) {
      const order = orderUnits(account, 1, 3, def.id, 1, T0, SPEED1);
      expect(order.ok ? null : order.reason).toBe('UNKNOWN_MODULE');
      expect(moduleView(account, 1, 3, def.id, T0, SPEED1)).toBeUndefined();
      const check = canStart(account, 1, 3, def.id, T0, SPEED1);
      expect(check.ok ? null : check.reason).toBe('UNKNOWN_MODULE');
    }
  });
});
