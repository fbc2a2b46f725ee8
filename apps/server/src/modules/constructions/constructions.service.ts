/**
 * One generic service for the five module screens (factories, buildings, ships, defenses,
 * researchs): lists, details, requirements, starting, cancelling and demolishing. Everything
 * acts on the focus planet, inside the account's settling transaction; the rules engine decides.
 */
import {
  cancelLevel,
  demolish,
  findFactory,
  findUnit,
  hangarCapacity,
  maxQueueLength,
  modulesFor,
  moduleView,
  orderUnits,
  productionPerHour,
  productionPerSecond,
  queueLevel,
  requirementsOf,
  resourceKey,
  RESOURCES,
  type AccountState,
  type ConstructionTypeId,
  type LevelTypeId,
  type ModuleDef,
  type PlanetState,
  type Resources,
  type ShipDef,
} from '@starhold/rules';
import type {
  CancelResult,
  Construction,
  Cost,
  Damage,
  Layer,
  ModuleDetail,
  ModuleItem,
  ModuleList,
  Requirements,
} from '@starhold/contract';
import { DomainError, unwrap } from '../../errors.js';
import {
  focusPlanet,
  isUnitOrder,
  queueOf,
  readAccount,
  resourceRef,
  toConstruction,
  withAccount,
  type AccountContext,
  type EconomyDeps,
} from '../economy/index.js';

export type ConstructionKind = 'factories' | 'buildings' | 'ships' | 'defenses' | 'researchs';

export const KIND_TYPE = {
  factories: 1,
  buildings: 2,
  ships: 3,
  defenses: 4,
  researchs: 5,
} as const satisfies Record<ConstructionKind, ConstructionTypeId>;

/** Costs as the API lists them: one entry per resource actually needed. */
export function costList(resources: Resources): Cost[] {
  return RESOURCES.filter((r) => resources[r.key] > 0).map((r) => ({
    resource: resourceRef(r.id),
    amount: resources[r.key],
  }));
}

/** Picture folders of the web app's public/images, one per construction type. */
const IMAGE_FOLDERS: Record<ConstructionTypeId, string> = {
  1: 'factories',
  2: 'buildings',
  3: 'ships',
  4: 'defenses',
  5: 'research',
};

function imageFor(typeId: ConstructionTypeId, moduleId: number): string {
  return `/images/${IMAGE_FOLDERS[typeId]}/${moduleId}.png`;
}

/** A module of the player's race, or NOT_FOUND (unknown id, another race's unit). */
function ownModule(state: AccountState, typeId: ConstructionTypeId, moduleId: number): ModuleDef {
  const def = modulesFor(typeId, state.race).find((m) => m.id === moduleId);
  if (def === undefined) throw new DomainError('NOT_FOUND');
  return def;
}

function moduleItem(
  ctx: AccountContext,
  state: AccountState,
  planet: PlanetState,
  typeId: ConstructionTypeId,
  def: ModuleDef,
): ModuleItem {
  const view = moduleView(state, planet.id, typeId, def.id, ctx.now, ctx.config);
  if (view === undefined) throw new DomainError('NOT_FOUND');
  // Whole object literals, no `{ ...common, extra }`: on Node 20's V8 a spread followed by new keys
  // takes a slow path (~6 µs for this object), which was half of GET /me/planet/factories's CPU
  // (decision 127).
  const id = def.id;
  const name = def.key;
  const image = imageFor(typeId, id);
  const canBeImproved = view.canBeImproved;
  const pending = view.pending;
  const costs = costList(view.nextLevelCosts);
  const time = view.nextLevelTime;
  switch (typeId) {
    case 1: {
      const factory = findFactory(id);
      if (factory === undefined) throw new DomainError('NOT_FOUND');
      return {
        id,
        name,
        image,
        can_be_improved: canBeImproved,
        nb_upgrade_on_progress: pending,
        next_level_costs: costs,
        next_level_time: time,
        factory: { id, name, resource: resourceRef(factory.resourceId) },
        level: view.level,
        value: Math.floor(planet.resources[resourceKey(factory.resourceId)]),
        hangar_capacity: hangarCapacity(state, planet),
        production_per_hour: productionPerHour(state, planet, factory.resourceId, ctx.now, ctx.config),
        production_per_second: productionPerSecond(state, planet, factory.resourceId, ctx.now, ctx.config),
      };
    }
    case 2:
      return {
        id,
        name,
        image,
        can_be_improved: canBeImproved,
        nb_upgrade_on_progress: pending,
        next_level_costs: costs,
        next_level_time: time,
        building: { id, name, race: { id: state.race } },
        level: view.level,
      };
    case 3: {
      const ship = def as ShipDef;
      return {
        id,
        name,
        image,
        can_be_improved: canBeImproved,
        nb_upgrade_on_progress: pending,
        next_level_costs: costs,
        next_level_time: time,
        ship: {
          id: ship.id,
          name: ship.key,
          speed: ship.speed,
          consumption_per_ua: ship.consumptionPerUa,
          can_colonize: ship.canColonize,
          can_exploit: ship.canExploit,
          can_spy: ship.canSpy,
          race: { id: ship.race },
        },
        value: view.level,
      };
    }
    case 4:
      return {
        id,
        name,
        image,
        can_be_improved: canBeImproved,
        nb_upgrade_on_progress: pending,
        next_level_costs: costs,
        next_level_time: time,
        defense: { id, name, race: { id: state.race } },
        value: view.level,
      };
    case 5:
      return {
        id,
        name,
        image,
        can_be_improved: canBeImproved,
        nb_upgrade_on_progress: pending,
        next_level_costs: costs,
        next_level_time: time,
        research: { id, name },
        level: view.level,
      };
  }
}

function requirementsBody(
  state: AccountState,
  planet: PlanetState,
  typeId: ConstructionTypeId,
  moduleId: number,
): Requirements {
  const requirements = requirementsOf(state, planet, typeId, moduleId);
  return {
    building_requirements: requirements.buildings.map((b) => ({
      building: { id: b.id },
      level: b.level,
      current_level: b.currentLevel,
      module_id: moduleId,
    })),
    research_requirements: requirements.research.map((r) => ({
      research: { id: r.id },
      required_research_id: r.id,
      level: r.level,
      current_level: r.currentLevel,
      module_id: moduleId,
    })),
  };
}

function moduleList(
  ctx: AccountContext,
  state: AccountState,
  planet: PlanetState,
  typeId: ConstructionTypeId,
): ModuleList {
  return {
    modules: modulesFor(typeId, state.race).map((def) => moduleItem(ctx, state, planet, typeId, def)),
    construction_lists: queueOf(state, planet, typeId).map(toConstruction),
    max_construction_lists: maxQueueLength(state, typeId, ctx.now),
  };
}

/** Start and cancel only return the change (decision 212): PostgreSQL may save it in one statement. */
const GUARDED = { guarded: true } as const;

function isLevelType(typeId: ConstructionTypeId): typeId is LevelTypeId {
  return typeId === 1 || typeId === 2 || typeId === 5;
}

export function createConstructionsService(deps: EconomyDeps) {
  const read = <T>(
    accountId: number,
    now: number,
    fn: (ctx: AccountContext, planet: PlanetState) => T,
  ): Promise<T> => readAccount(deps, accountId, now, async (ctx) => fn(ctx, await focusPlanet(ctx)));

  return {
    list(accountId: number, now: number, kind: ConstructionKind): Promise<ModuleList> {
      return read(accountId, now, (ctx, planet) => moduleList(ctx, ctx.state, planet, KIND_TYPE[kind]));
    },

    detail(accountId: number, now: number, kind: ConstructionKind, moduleId: number): Promise<ModuleDetail> {
      const typeId = KIND_TYPE[kind];
      return read(accountId, now, (ctx, planet) => {
        const def = ownModule(ctx.state, typeId, moduleId);
        return {
          ...moduleItem(ctx, ctx.state, planet, typeId, def),
          ...requirementsBody(ctx.state, planet, typeId, def.id),
        };
      });
    },

    requirements(
      accountId: number,
      now: number,
      kind: ConstructionKind,
      moduleId: number,
    ): Promise<Requirements> {
      const typeId = KIND_TYPE[kind];
      return read(accountId, now, (ctx, planet) =>
        requirementsBody(ctx.state, planet, typeId, ownModule(ctx.state, typeId, moduleId).id),
      );
    },

    damages(accountId: number, now: number, kind: 'ships' | 'defenses', moduleId: number): Promise<Damage[]> {
      const typeId = KIND_TYPE[kind];
      return read(accountId, now, (ctx) => {
        const unit = findUnit(typeId, ownModule(ctx.state, typeId, moduleId).id);
        if (unit === undefined) throw new DomainError('NOT_FOUND');
        return unit.damages.map((d) => ({
          id: d.resistanceId,
          resistance: { id: d.resistanceId },
          value: d.value,
        }));
      });
    },

    layers(accountId: number, now: number, kind: 'ships' | 'defenses', moduleId: number): Promise<Layer[]> {
      const typeId = KIND_TYPE[kind];
      return read(accountId, now, (ctx) => {
        const unit = findUnit(typeId, ownModule(ctx.state, typeId, moduleId).id);
        if (unit === undefined) throw new DomainError('NOT_FOUND');
        return unit.layers.map((layer) => ({
          id: layer.layerId,
          value: layer.value,
          resistances: layer.resistances.map((r) => ({
            id: r.resistanceId,
            resistance: { id: r.resistanceId },
            value: r.value,
          })),
        }));
      });
    },

    /** Queues one level, or orders `quantity` units for ships and defenses. Answers the new queue item. */
    start(
      accountId: number,
      now: number,
      kind: ConstructionKind,
      moduleId: number,
      quantity: number | undefined,
    ): Promise<Construction> {
      const typeId = KIND_TYPE[kind];
      return withAccount(
        deps,
        accountId,
        now,
        async (ctx) => {
          const planet = await focusPlanet(ctx);
          ownModule(ctx.state, typeId, moduleId);
          const outcome = isLevelType(typeId)
            ? unwrap(queueLevel(ctx.state, planet.id, typeId, moduleId, ctx.now, ctx.config))
            : unwrap(orderUnits(ctx.state, planet.id, typeId, moduleId, quantity ?? 1, ctx.now, ctx.config));
          if (outcome.item === undefined)
            throw new Error('The rules engine returned no queue item for a started construction');
          return { state: outcome.state, events: outcome.events, result: toConstruction(outcome.item) };
        },
        GUARDED,
      );
    },

    /** Cancels the last item of the queue (or `itemId`); answers the list after the refund. */
    cancel(
      accountId: number,
      now: number,
      kind: 'factories' | 'buildings' | 'researchs',
      itemId: number | undefined,
    ): Promise<CancelResult> {
      const typeId = KIND_TYPE[kind];
      return withAccount(
        deps,
        accountId,
        now,
        async (ctx) => {
          const planet = await focusPlanet(ctx);
          if (itemId !== undefined) {
            const item = queueOf(ctx.state, planet, typeId).find((i) => i.id === itemId);
            if (item === undefined || isUnitOrder(item)) throw new DomainError('NOT_FOUND');
          }
          const outcome = unwrap(cancelLevel(ctx.state, planet.id, typeId, itemId, ctx.now, ctx.config));
          const after = outcome.state.planets.find((p) => p.id === planet.id) ?? planet;
          return {
            state: outcome.state,
            events: outcome.events,
            result: {
              ...moduleList(ctx, outcome.state, after, typeId),
              refund: costList(outcome.refund ?? { metal: 0, crystal: 0, fuel: 0 }),
            },
          };
        },
        GUARDED,
      );
    },

    /** Lowers a factory or building by one level at once; answers the module after. */
    demolish(
      accountId: number,
      now: number,
      kind: 'factories' | 'buildings',
      moduleId: number,
    ): Promise<ModuleItem> {
      const typeId = KIND_TYPE[kind];
      return withAccount(deps, accountId, now, async (ctx) => {
        const planet = await focusPlanet(ctx);
        const def = ownModule(ctx.state, typeId, moduleId);
        const outcome = unwrap(demolish(ctx.state, planet.id, typeId, moduleId, ctx.now, ctx.config));
        const after = outcome.state.planets.find((p) => p.id === planet.id) ?? planet;
        return {
          state: outcome.state,
          events: outcome.events,
          result: moduleItem(ctx, outcome.state, after, typeId, def),
        };
      });
    },
  };
}
