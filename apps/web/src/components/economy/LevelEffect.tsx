import { Stack, Text } from '@mantine/core';
import type { ModuleDetail } from '@starhold/contract';
import { FACTORIES } from '@starhold/rules';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber } from '../../lib/format';
import type { EconomyState } from './blocked-reason';
import { useModuleList } from './module-api';
import type { ModuleKind } from './module-kinds';

/** A factory's production per hour before bonuses and game speed (GAME_RULES 4, rules `baseProductionPerHour`). */
export function baseFactoryProduction(factoryId: number, level: number): number {
  const factory = FACTORIES.find((def) => def.id === factoryId);
  if (factory === undefined) return 0;
  return factory.perHourBase * level * 1.1 ** level + factory.passivePerHour;
}

/** Hangar storage of each resource before Logistics (rules `hangarCapacity`). */
export function baseStorage(hangarLevel: number): number {
  return 5000 * Math.floor(2.5 * Math.exp((20 * hangarLevel) / 33));
}

/** Research effects by id: percent per level, what it raises (GAME_RULES 7). */
const RESEARCH_PERCENT: Record<number, number> = {
  1: 2,
  2: 2,
  3: 5,
  7: 10,
  8: 20,
  9: 30,
  10: 5,
  11: 10,
  12: 10,
  13: 10,
  14: 10,
  15: 5,
  16: 5,
  17: 5,
};

export interface Effect {
  key: string;
  values: Record<string, string | number>;
}

/**
 * An effect that moves every other level (queue slots, planets): from -> to when the next level
 * moves it, else the level that will (or nothing more once it stops growing, after 20 levels).
 */
function steppedEffect(key: string, value: (level: number) => number, level: number): Effect {
  const from = value(level);
  const to = value(level + 1);
  if (to !== from) return { key, values: { from, to } };
  const later = Array.from({ length: 20 }, (_, step) => level + 2 + step).find((l) => value(l) !== from);
  return later === undefined
    ? { key: `${key}Max`, values: { from } }
    : { key: `${key}Later`, values: { from, level: later } };
}

function ratio(from: number, to: number): string {
  return (to / from).toFixed(2).replace(/\.?0+$/, '');
}

/**
 * What the next level changes, in numbers at the server's game speed: productions and storage are
 * scaled from what the server reports today (which holds the game speed and the bonuses), the
 * durations are ratios (the game speed divides both sides).
 */
export function levelEffects(
  kind: ModuleKind,
  detail: ModuleDetail,
  state: Pick<EconomyState, 'stocks' | 'researchLevels'> | undefined,
  factoryMultiplier: number | undefined,
): Effect[] {
  const pending = detail.nb_upgrade_on_progress;
  if (kind === 'factories' && 'factory' in detail) {
    const level = detail.level + pending;
    const base = baseFactoryProduction(detail.id, detail.level);
    // production_per_hour = base × (1 + bonuses) × game speed: the same multiplier applies to the next level.
    const multiplier = base > 0 ? detail.production_per_hour / base : factoryMultiplier;
    if (multiplier === undefined) return [];
    const from = baseFactoryProduction(detail.id, level) * multiplier;
    const to = baseFactoryProduction(detail.id, level + 1) * multiplier;
    return [
      {
        key: base > 0 ? 'effect.production' : 'effect.productionApprox',
        values: {
          resource: detail.factory.resource.id,
          from: abbreviateNumber(from),
          to: abbreviateNumber(to),
          gain: abbreviateNumber(to - from),
        },
      },
    ];
  }
  if (kind === 'buildings' && 'building' in detail) {
    const level = detail.level + pending;
    const id = detail.id;
    if (id === 4) {
      const storage = state?.stocks[0]?.max;
      if (storage === undefined) return [];
      // Logistics raises the base by the same factor at both levels.
      const logistics = storage / baseStorage(detail.level);
      return [
        {
          key: 'effect.storage',
          values: {
            from: abbreviateNumber(baseStorage(level) * logistics),
            to: abbreviateNumber(baseStorage(level + 1) * logistics),
          },
        },
      ];
    }
    const durationKey = {
      1: 'effect.constructionTime',
      2: 'effect.shipTime',
      3: 'effect.researchTime',
      5: 'effect.defenseTime',
    }[id];
    if (durationKey === undefined) return [];
    return [{ key: durationKey, values: { factor: ratio(1 + level, 2 + level) } }];
  }
  if (kind === 'researchs' && 'research' in detail) {
    const level = detail.level + pending;
    const id = detail.id;
    if (id === 3) {
      const storage = state?.stocks[0]?.max;
      if (storage === undefined) return [];
      const base = storage / (1 + 0.05 * detail.level);
      return [
        {
          key: 'effect.storage',
          values: {
            from: abbreviateNumber(base * (1 + 0.05 * level)),
            to: abbreviateNumber(base * (1 + 0.05 * (level + 1))),
          },
        },
      ];
    }
    if (id === 4)
      return [steppedEffect('effect.queueSlots', (l) => 3 + Math.min(5, Math.floor(l / 2)), level)];
    if (id === 6) return [steppedEffect('effect.planets', (l) => 1 + Math.ceil(l / 2), level)];
    if (id === 5) return [{ key: 'effect.espionage', values: { from: level, to: level + 1 } }];
    const percent = RESEARCH_PERCENT[id];
    if (percent === undefined) return [];
    return [{ key: `effect.research.${id}`, values: { from: percent * level, to: percent * (level + 1) } }];
  }
  return [];
}

/** The next level's effect in the detail panel (nothing for ships and defenses: their facts show). */
export function LevelEffect({
  kind,
  detail,
  economy,
}: {
  kind: ModuleKind;
  detail: ModuleDetail;
  economy: EconomyState | undefined;
}) {
  const { t } = useTranslation('economy');
  // A factory at level 0 with no passive production has no rate to scale: the metal mine's
  // multiplier (game speed and its bonuses) stands in, shown as an approximation.
  const factories = useModuleList('factories', { enabled: kind === 'factories' });
  const metal = factories.data?.modules.find((item) => 'factory' in item && item.id === 1);
  const metalMultiplier =
    metal && 'factory' in metal && metal.production_per_hour > 0
      ? metal.production_per_hour / baseFactoryProduction(1, metal.level)
      : undefined;
  const effects = levelEffects(kind, detail, economy, metalMultiplier);
  if (effects.length === 0) return null;
  const nextLevel = ('level' in detail ? detail.level : 0) + detail.nb_upgrade_on_progress + 1;
  return (
    <Stack gap={2} data-testid="level-effect">
      <Text size="sm" fw={600}>
        {t('effect.title', { level: nextLevel })}
      </Text>
      {effects.map((effect) => (
        <Text key={effect.key} size="sm">
          {t(effect.key, {
            ...effect.values,
            resource:
              'resource' in effect.values ? t(`common:resources.names.${effect.values.resource}`) : undefined,
          })}
        </Text>
      ))}
    </Stack>
  );
}
