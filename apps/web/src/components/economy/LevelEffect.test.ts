import type { ModuleDetail } from '@starhold/contract';
import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from '../../lib/format';
import { baseFactoryProduction, baseStorage, levelEffects } from './LevelEffect';

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

  it('uses the given multiplier, marked approximate, for a factory with nothing to scale', () => {
    const [effect] = levelEffects('factories', factory(3, 0, 0), undefined, 50);
    expect(effect).toEqual({
      key: 'effect.productionApprox',
      values: { resource: 3, from: '0', to: String(baseFactoryProduction(3, 1) * 50), gain: '550' },
    });
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
