import type { AccountState, FleetState, LevelItem, PlanetState, Resources, UnitOrder } from './types.js';

const resources = (r: Resources): Resources => ({ metal: r.metal, crystal: r.crystal, fuel: r.fuel });
const levelItem = (item: LevelItem): LevelItem => ({
  ...item,
  paid: item.paid === null ? null : resources(item.paid),
});
const unitOrder = (order: UnitOrder): UnitOrder => ({ ...order, paid: resources(order.paid) });

/** Route stops are never changed after departure, so they are shared. */
export function cloneFleet(fleet: FleetState): FleetState {
  return {
    ...fleet,
    origin: { ...fleet.origin },
    target: { ...fleet.target },
    ships: { ...fleet.ships },
    cargo: resources(fleet.cargo),
    passes: fleet.passes.map((pass) => ({ ...pass })),
  };
}

function planet(p: PlanetState): PlanetState {
  return {
    ...p,
    resources: resources(p.resources),
    factories: { ...p.factories },
    buildings: { ...p.buildings },
    ships: { ...p.ships },
    defenses: { ...p.defenses },
    queues: {
      factories: p.queues.factories.map(levelItem),
      buildings: p.queues.buildings.map(levelItem),
      ships: p.queues.ships.map(unitOrder),
      defenses: p.queues.defenses.map(unitOrder),
    },
  };
}

/**
 * A deep copy of an account state that shares nothing mutable with it, written for its shape:
 * settling and actions copy the state they are given before changing the copy, on every screen
 * read, and `structuredClone` cost about ten times as much (docs/decisions/122).
 */
export function cloneAccount(state: AccountState): AccountState {
  const copy: AccountState = {
    ...state,
    research: { ...state.research },
    researchQueue: state.researchQueue.map(levelItem),
    commandants: { ...state.commandants },
    planets: state.planets.map(planet),
  };
  // Assigned, not spread in: the key is already there when it has a value (decision 127).
  if (state.fleets !== undefined) copy.fleets = state.fleets.map(cloneFleet);
  return copy;
}
