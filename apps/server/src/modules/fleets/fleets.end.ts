import type { AccountState, FleetState, PlanetState } from '@starhold/rules';

/**
 * An operator ends a stuck fleet (issue 23, decision 224): it is home at once. Its ships and cargo
 * go back to the planet it left (the home planet if that one is gone), the fuel it burnt stays
 * spent, and no arrival, combat or report happens. Null: the account has no such fleet (it landed
 * or never existed).
 */
export function endFleetAtHome(
  state: AccountState,
  fleetId: number,
): { state: AccountState; fleet: FleetState; planetId: number } | null {
  const fleet = (state.fleets ?? []).find((candidate) => candidate.id === fleetId);
  if (fleet === undefined) return null;
  const home = state.planets.find((planet) => planet.id === fleet.originPlanetId) ?? state.planets[0];
  if (home === undefined) return null;
  const ships = { ...home.ships };
  for (const [id, count] of Object.entries(fleet.ships)) ships[Number(id)] = (ships[Number(id)] ?? 0) + count;
  const landed: PlanetState = {
    ...home,
    ships,
    resources: {
      metal: home.resources.metal + fleet.cargo.metal,
      crystal: home.resources.crystal + fleet.cargo.crystal,
      fuel: home.resources.fuel + fleet.cargo.fuel,
    },
  };
  return {
    state: {
      ...state,
      planets: state.planets.map((planet) => (planet.id === home.id ? landed : planet)),
      fleets: (state.fleets ?? []).filter((candidate) => candidate.id !== fleetId),
    },
    fleet,
    planetId: home.id,
  };
}
