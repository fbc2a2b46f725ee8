import { Stack, Text } from '@mantine/core';
import type { ModuleDetail } from '@starhold/contract';
import { FACTORIES, PLANET_TYPES, RESEARCH, resourceKey } from '@starhold/rules';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/me';
import { useFocusPlanet } from '../../api/planets';
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

/** The values of a factory's formula text at this game's speed (modules `factories.N.detail`). */
export function factoryTextValues(
  kind: ModuleKind,
  factoryId: number,
  gameSpeed: number | undefined,
): Record<string, string> | undefined {
  const factory = FACTORIES.find((def) => def.id === factoryId);
  if (kind !== 'factories' || factory === undefined || gameSpeed === undefined) return undefined;
  // Small numbers keep their decimals (speed 2.5 gives 37.5 passive), large ones abbreviate.
  const exact = (value: number) =>
    value >= 1000 ? abbreviateNumber(value) : String(Math.round(value * 100) / 100);
  return {
    speed: exact(gameSpeed),
    perLevel: exact(factory.perHourBase * gameSpeed),
    passive: exact(factory.passivePerHour * gameSpeed),
  };
}

/** What the screen knows to price a factory that produces nothing yet (decision 240). */
export interface UnbuiltFactoryContext {
  /** The server's game speed (GET /me). */
  gameSpeed: number;
  /** The focus planet's type key (`planet_type.name`). */
  planetType: string | undefined;
  researchLevels: Record<number, number> | undefined;
  /** The metal mine's level and reported production: it always produces (passive part). */
  metal: { level: number; perHour: number } | undefined;
}

/**
 * game speed × (1 + bonuses) of a factory whose production is 0 (rules `productionPerHour`): the
 * planet type's bonus, 2% per Mining or Fuel chemistry level, and the geologist's 10%, read back
 * from the metal mine's reported rate (what is left once speed, type and Mining are taken out).
 * Undefined until all of it is loaded.
 */
export function unbuiltFactoryMultiplier(
  factoryId: number,
  context: UnbuiltFactoryContext,
): number | undefined {
  const factory = FACTORIES.find((def) => def.id === factoryId);
  const { gameSpeed, planetType, researchLevels, metal } = context;
  if (factory === undefined || researchLevels === undefined || metal === undefined) return undefined;
  const type = PLANET_TYPES.find((def) => def.key === planetType);
  if (type === undefined) return undefined;
  const mining = 0.02 * (researchLevels[RESEARCH.mining] ?? 0);
  const metalRest =
    metal.perHour / baseFactoryProduction(1, metal.level) / gameSpeed - 1 - type.bonus.metal - mining;
  const geologist = metalRest > 0.05 ? 0.1 : 0;
  const key = resourceKey(factory.resourceId);
  const research = key === 'fuel' ? 0.02 * (researchLevels[RESEARCH.fuelChemistry] ?? 0) : mining;
  return gameSpeed * (1 + type.bonus[key] + research + geologist);
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
  unbuiltMultiplier: number | undefined,
): Effect[] {
  const pending = detail.nb_upgrade_on_progress;
  if (kind === 'factories' && 'factory' in detail) {
    const level = detail.level + pending;
    const base = baseFactoryProduction(detail.id, detail.level);
    // production_per_hour = base × (1 + bonuses) × game speed: the same multiplier applies to the next level.
    // A factory producing nothing (level 0, no passive part) has no rate to scale: priced from the
    // game speed and the bonuses instead.
    const multiplier = base > 0 ? detail.production_per_hour / base : unbuiltMultiplier;
    if (multiplier === undefined) return [];
    const from = baseFactoryProduction(detail.id, level) * multiplier;
    const to = baseFactoryProduction(detail.id, level + 1) * multiplier;
    return [
      {
        key: 'effect.production',
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
  // A factory producing nothing yet is priced from the game speed and the bonuses (decision 240).
  const factories = useModuleList('factories', { enabled: kind === 'factories' });
  const me = useMe();
  const planet = useFocusPlanet();
  const metal = factories.data?.modules.find((item) => 'factory' in item && item.id === 1);
  const gameSpeed = me.data?.game_speed;
  const unbuilt =
    kind === 'factories' && gameSpeed !== undefined
      ? unbuiltFactoryMultiplier(detail.id, {
          gameSpeed,
          planetType: planet.data?.planet_type.name,
          researchLevels: economy?.researchLevels,
          metal:
            metal && 'factory' in metal
              ? { level: metal.level, perHour: metal.production_per_hour }
              : undefined,
        })
      : undefined;
  const effects = levelEffects(kind, detail, economy, unbuilt);
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
