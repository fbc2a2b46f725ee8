/**
 * The player's planets: the list, the focus planet with its resource strip, switching focus and
 * renaming. Reads go through the settling transaction too, so resources and queues are current.
 */
import {
  capacityUsed,
  hangarCapacity,
  productionPerHour,
  productionPerSecond,
  RESOURCES,
  SECURITIES,
  type AccountState,
  type PlanetState,
} from '@starhold/rules';
import type { Planet, PlanetResource } from '@starhold/contract';
import { DomainError } from '../../errors.js';
import {
  focusPlanet,
  planetConstructions,
  readAccount,
  resourceRef,
  visitWrites,
  withAccount,
  type AccountContext,
  type EconomyDeps,
} from '../economy/index.js';
import {
  planetPlaces,
  planetPlacesNow,
  renamePlanet,
  setFocusPlanetIndex,
  type PlanetPlaceRow,
} from './planets.repository.js';

function planetResources(ctx: AccountContext, state: AccountState, planet: PlanetState): PlanetResource[] {
  const max = hangarCapacity(state, planet);
  return RESOURCES.map((resource) => ({
    resource: resourceRef(resource.id),
    value: Math.floor(planet.resources[resource.key]),
    max,
    production_per_hour: productionPerHour(state, planet, resource.id, ctx.now, ctx.config),
    production_per_second: productionPerSecond(state, planet, resource.id, ctx.now, ctx.config),
  }));
}

function toPlanet(
  ctx: AccountContext,
  state: AccountState,
  planet: PlanetState,
  place: PlanetPlaceRow,
): Planet {
  const security = SECURITIES.find((s) => s.id === place.security_id);
  return {
    id: planet.id,
    index: place.idx,
    name: place.name,
    planet_type: { name: place.planet_type },
    last_visit: place.last_visit,
    capacity: capacityUsed(planet),
    max_capacity: planet.maxCapacity,
    race: { id: state.race },
    system: {
      id: place.system_id,
      name: place.system_name,
      security: { id: place.security_id, name: security?.key ?? String(place.security_id) },
      race: { id: place.system_race_id },
      position: { x: place.x, y: place.y },
    },
    planet_position: { system_id: place.system_id, index: place.orbit_index },
    construction_lists: planetConstructions(state, planet),
    resources: planetResources(ctx, state, planet),
  };
}

/**
 * The account's planet places, read in the transaction when there is one, else shared
 * (planetPlacesNow). `early`: the places read on the read path since the request came in, started
 * with the account's row so that both are read in the same turn of the event loop rather than one
 * after the other (decision 253). They are taken when they hold every planet of the state and the
 * visit just recorded on the planet `visited` cannot have changed its `last_visit` since; else
 * the places are read again.
 */
async function placesOf(
  ctx: AccountContext,
  early?: Promise<PlanetPlaceRow[]>,
  visited?: number,
): Promise<PlanetPlaceRow[]> {
  if (ctx.inTransaction) return planetPlaces(ctx.trx, ctx.state.accountId);
  if (early !== undefined) {
    const places = await early;
    const place = places.find((p) => p.id === visited);
    const whole = ctx.state.planets.every((planet) => places.some((p) => p.id === planet.id));
    if (whole && place !== undefined && !visitWrites(place.last_visit, ctx.now)) return places;
  }
  return planetPlacesNow(ctx.trx, ctx.state.accountId);
}

/** The places read on the read path from now on, for `placesOf`; a failure waits for its taker. */
function earlyPlaces(deps: EconomyDeps, accountId: number): Promise<PlanetPlaceRow[]> {
  const early = planetPlacesNow(deps.database.db, accountId);
  early.catch(() => undefined);
  return early;
}

/** The focus planet as the API shows it, read after any visit or rename was written. */
async function focusPlanetView(ctx: AccountContext, early?: Promise<PlanetPlaceRow[]>): Promise<Planet> {
  const planet = await focusPlanet(ctx);
  const place = (await placesOf(ctx, early, planet.id)).find((p) => p.id === planet.id);
  if (place === undefined) throw new DomainError('NOT_FOUND');
  return toPlanet(ctx, ctx.state, planet, place);
}

export function createPlanetsService(deps: EconomyDeps) {
  return {
    list(accountId: number, now: number): Promise<Planet[]> {
      const early = earlyPlaces(deps, accountId);
      return readAccount(deps, accountId, now, async (ctx) => {
        const focused = await focusPlanet(ctx);
        const places = await placesOf(ctx, early, focused.id);
        return ctx.state.planets.flatMap((planet) => {
          const place = places.find((p) => p.id === planet.id);
          return place === undefined ? [] : [toPlanet(ctx, ctx.state, planet, place)];
        });
      });
    },

    focus(accountId: number, now: number): Promise<Planet> {
      const early = earlyPlaces(deps, accountId);
      return readAccount(deps, accountId, now, (ctx) => focusPlanetView(ctx, early));
    },

    /** Switches the focus; an index the player does not own is NOT_FOUND. */
    setFocus(accountId: number, now: number, planetIndex: number): Promise<Planet> {
      return withAccount(deps, accountId, now, async (ctx) => {
        if (planetIndex >= ctx.state.planets.length) throw new DomainError('NOT_FOUND');
        await setFocusPlanetIndex(ctx.trx, accountId, planetIndex);
        // The index read with the account's lock is now the old one.
        ctx.focusIndex = planetIndex;
        return { result: await focusPlanetView(ctx) };
      });
    },

    rename(accountId: number, now: number, name: string): Promise<Planet> {
      return withAccount(deps, accountId, now, async (ctx) => {
        const planet = await focusPlanet(ctx);
        await renamePlanet(ctx.trx, planet.id, name);
        return { result: await focusPlanetView(ctx) };
      });
    },
  };
}
