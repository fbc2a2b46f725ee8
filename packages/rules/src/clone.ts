import type { AccountState, FleetState, LevelItem, PlanetState, Resources, UnitOrder } from './types.js';

const resources = (r: Resources): Resources => ({ metal: r.metal, crystal: r.crystal, fuel: r.fuel });
const levelItem = (item: LevelItem): LevelItem => ({
  ...item,
  paid: item.paid === null ? null : resources(item.paid),
});
const unitOrder = (order: UnitOrder): UnitOrder => ({ ...order, paid: resources(order.paid) });

/**
 * Route stops are never changed after departure, nor a pirate pass once planned (settling drops
 * it from the list, a recall plans new ones), so they are shared: the wake-up keeps each pass's
 * draw by the pass and the ships it was drawn for (decision 216). The ship counts are shared too:
 * a fight gives the fleet a new record (`fleet.ships = survivors`), nothing changes one in place,
 * and a kept state's are frozen (its points keep their worth).
 */
export function cloneFleet(fleet: FleetState): FleetState {
  return {
    ...fleet,
    origin: { ...fleet.origin },
    target: { ...fleet.target },
    cargo: resources(fleet.cargo),
    passes: [...fleet.passes],
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

/** The fleets each copy made by cloneAccount may change in place: its own copies of them. */
const ownFleets = new WeakMap<AccountState, WeakSet<FleetState>>();

/**
 * A copy of an account state to change, written for its shape: settling and actions copy the
 * state they are given before changing the copy, on every screen read, and `structuredClone`
 * cost about ten times as much (docs/decisions/122). It shares nothing mutable with the state
 * but its fleets, which are copied on write (`writableFleet`, decision 215): an account with
 * many fleets in flight no longer has each of them copied, compared and frozen again on every
 * write that touches one or none.
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
  if (state.fleets !== undefined) copy.fleets = [...state.fleets];
  ownFleets.set(copy, new WeakSet());
  return copy;
}

/**
 * The fleet `fleetId` of a copy made by cloneAccount, as that copy's own object to change in
 * place: copied, and put in the copy's list, at its first write. Every change of a fleet in the
 * rules goes through it, on the copy the function made of its input (as for planets, a function
 * never writes its input itself); the fleets of the state that was copied stay as they were.
 * The fleet property tests freeze every state they hand over, as the server's cache does.
 */
export function writableFleet(account: AccountState, fleetId: number): FleetState | undefined {
  const own = ownFleets.get(account);
  if (own === undefined) throw new Error('writableFleet: the account is not a copy made by cloneAccount');
  const fleets = account.fleets;
  const index = fleets?.findIndex((fleet) => fleet.id === fleetId) ?? -1;
  const fleet = index === -1 ? undefined : fleets?.[index];
  if (fleets === undefined || fleet === undefined) return undefined;
  if (own.has(fleet)) return fleet;
  const copy = cloneFleet(fleet);
  own.add(copy);
  // The list is the copy's own (cloneAccount's, or one an action built since).
  fleets[index] = copy;
  return copy;
}
