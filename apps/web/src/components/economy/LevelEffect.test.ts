import type { ModuleDetail } from '@starhold/contract';
import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from '../../lib/format';
import {
  baseFactoryProduction,
  baseStorage,
  factoryTextValues,
  levelEffects,
  unbuiltFactoryMultiplier,
} from './LevelEffect';

const common = {
  name: 'x',
  image: '',
  can_be_improved: true,
  nb_upgrade_on_progress: 0,
  next_level_costs: [],
  next_level_time: 10,
  building_requirements: [],
  research_requirements: [],
};

function factory(id: number, level: number, perHour: number, pending = 0): ModuleDetail {
  return {
    ...common,
    id,
    nb_upgrade_on_progress: pending,
    factory: { id, name: 'f', resource: { id, name: 'r' } },
    level,
    value: 0,
    hangar_capacity: 10_000,
    production_per_hour: perHour,
    production_per_second: perHour / 3600,
  };
}

function building(id: number, level: number): ModuleDetail {
  return { ...common, id, building: { id, name: 'b', race: { id: 1 } }, level };
}

function research(id: number, level: number): ModuleDetail {
  return { ...common, id, research: { id, name: 'r' }, level };
}

const stocks = [{ resourceId: 1, value: 0, perHour: 0, max: 20_000 }];

describe('levelEffects', () => {
  it('scales a factory from what the server reports, so the game speed and the bonuses are in', () => {
    // Metal mine level 2 at game speed 100: base 30 × 2 × 1.1² + 30 = 102.6 per hour.
    const perHour = baseFactoryProduction(1, 2) * 100;
    const [effect] = levelEffects('factories', factory(1, 2, perHour), undefined, undefined);
    expect(effect?.key).toBe('effect.production');
    const next = baseFactoryProduction(1, 3) * 100;
    expect(effect?.values).toEqual({
      resource: 1,
      from: abbreviateNumber(perHour),
      to: abbreviateNumber(next),
      gain: abbreviateNumber(next - perHour),
    });
  });

  it('counts queued levels: the next level is the one after them', () => {
    const perHour = baseFactoryProduction(2, 1);
    const [effect] = levelEffects('factories', factory(2, 1, perHour, 2), undefined, undefined);
    expect(effect?.values.from).toBe(abbreviateNumber(baseFactoryProduction(2, 3)));
    expect(effect?.values.to).toBe(abbreviateNumber(baseFactoryProduction(2, 4)));
  });

  it('prices a factory producing nothing from the game speed and the bonuses, not as an estimate', () => {
    // Fuel synthesizer level 0 at game speed 50: 10 × 1 × 1.1 × 50 = 550 per hour.
    const [effect] = levelEffects('factories', factory(3, 0, 0), undefined, 50);
    expect(effect).toEqual({
      key: 'effect.production',
      values: { resource: 3, from: '0', to: '550', gain: '550' },
    });
  });

  it.each([
    // type, fuel chemistry, mining, geologist: speed × (1 + type's fuel bonus + 2%/level + 10%)
    { type: 'default', fuel: 0, mining: 0, geologist: false, expected: 2 },
    { type: 'gas', fuel: 0, mining: 0, geologist: false, expected: 2 * 1.25 },
    { type: 'cryogenic', fuel: 3, mining: 0, geologist: false, expected: 2 * (1 + 0.15 + 0.06) },
    { type: 'default', fuel: 0, mining: 4, geologist: true, expected: 2 * 1.1 },
    { type: 'mineral', fuel: 1, mining: 2, geologist: true, expected: 2 * (1 + 0.02 + 0.1) },
  ])(
    'a level-0 fuel synthesizer on a $type planet, fuel chemistry $fuel, mining $mining, geologist $geologist',
    ({ type, fuel, mining, geologist, expected }) => {
      const metalBonus = { default: 0, gas: 0, mineral: 0.25, cryogenic: 0, volcanic: 0 }[type] ?? 0;
      const metalLevel = 3;
      const perHour =
        baseFactoryProduction(1, metalLevel) * 2 * (1 + metalBonus + 0.02 * mining + (geologist ? 0.1 : 0));
      const multiplier = unbuiltFactoryMultiplier(3, {
        gameSpeed: 2,
        planetType: type,
        researchLevels: { 1: mining, 2: fuel },
        metal: { level: metalLevel, perHour },
      });
      expect(multiplier).toBeCloseTo(expected, 9);
    },
  );

  it('leaves a level-0 factory unpriced until the planet, research and metal mine are known', () => {
    const context = {
      gameSpeed: 1,
      planetType: 'default',
      researchLevels: {},
      metal: { level: 0, perHour: 30 },
    };
    expect(unbuiltFactoryMultiplier(3, context)).toBe(1);
    expect(unbuiltFactoryMultiplier(3, { ...context, researchLevels: undefined })).toBeUndefined();
    expect(unbuiltFactoryMultiplier(3, { ...context, metal: undefined })).toBeUndefined();
    expect(unbuiltFactoryMultiplier(3, { ...context, planetType: undefined })).toBeUndefined();
    expect(levelEffects('factories', factory(3, 0, 0), undefined, undefined)).toEqual([]);
  });

  it("gives the factory formula's numbers at this game's speed", () => {
    expect(factoryTextValues('factories', 1, 1)).toEqual({ speed: '1', perLevel: '30', passive: '30' });
    expect(factoryTextValues('factories', 2, 2.5)).toEqual({ speed: '2.5', perLevel: '50', passive: '37.5' });
    expect(factoryTextValues('factories', 3, 100)).toEqual({ speed: '100', perLevel: '1K', passive: '0' });
    expect(factoryTextValues('factories', 3, undefined)).toBeUndefined();
    expect(factoryTextValues('buildings', 1, 1)).toBeUndefined();
  });

  it('gives the hangar storage from -> to, and duration ratios for the other buildings', () => {
    expect(baseStorage(0)).toBe(10_000);
    expect(levelEffects('buildings', building(4, 1), { stocks, researchLevels: {} }, undefined)).toEqual([
      { key: 'effect.storage', values: { from: '20K', to: '40K' } },
    ]);
    expect(levelEffects('buildings', building(1, 1), undefined, undefined)).toEqual([
      { key: 'effect.constructionTime', values: { factor: '1.5' } },
    ]);
    expect(levelEffects('buildings', building(3, 0), undefined, undefined)).toEqual([
      { key: 'effect.researchTime', values: { factor: '2' } },
    ]);
  });

  it('states each research effect in numbers', () => {
    expect(levelEffects('researchs', research(4, 1), undefined, undefined)).toEqual([
      { key: 'effect.queueSlots', values: { from: 3, to: 4 } },
    ]);
    // Level 1 adds no slot: the text names the level that does.
    expect(levelEffects('researchs', research(4, 0), undefined, undefined)).toEqual([
      { key: 'effect.queueSlotsLater', values: { from: 3, level: 2 } },
    ]);
    expect(levelEffects('researchs', research(4, 10), undefined, undefined)).toEqual([
      { key: 'effect.queueSlotsMax', values: { from: 8 } },
    ]);
    expect(levelEffects('researchs', research(6, 0), undefined, undefined)).toEqual([
      { key: 'effect.planets', values: { from: 1, to: 2 } },
    ]);
    expect(levelEffects('researchs', research(1, 2), undefined, undefined)).toEqual([
      { key: 'effect.research.1', values: { from: 4, to: 6 } },
    ]);
    expect(levelEffects('researchs', research(3, 0), { stocks, researchLevels: {} }, undefined)).toEqual([
      { key: 'effect.storage', values: { from: '20K', to: '21K' } },
    ]);
  });

  it('says nothing for ships and defenses (their facts show)', () => {
    expect(levelEffects('ships', building(1, 0), undefined, undefined)).toEqual([]);
  });
});
