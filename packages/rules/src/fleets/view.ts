import { researchLevel } from '../formulas/index.js';
import type { AccountState, FleetState, MissionId, OrbitRef, UnitCount } from '../types.js';

/** What a defender sees of a hostile fleet heading for one of its planets (FLEETS.md section 8). */
export interface HostileFleetView {
  id: number;
  ownerId: number;
  mission: MissionId;
  origin: { systemId: number };
  target: OrbitRef;
  arrivesAt: number;
  /** Only when the viewer's Espionage technology is at least the fleet owner's. */
  ships?: UnitCount[];
}

/** Attack (3) and spy (4) missions: the target's player sees them from the moment they leave. */
export const isHostileMission = (mission: number): boolean => mission === 3 || mission === 4;

/**
 * The attack and spy fleets of `owner` still outbound to one of `viewerPlanetOrbits`, as the
 * viewer sees them from the moment they leave; composition shown when the viewer's Espionage
 * technology is at least the owner's.
 */
export function hostileFleetsFor(
  owner: AccountState,
  viewer: AccountState,
  viewerPlanetOrbits: readonly OrbitRef[],
): HostileFleetView[] {
  const targeted = (fleet: FleetState): boolean =>
    viewerPlanetOrbits.some(
      (orbit) => orbit.systemId === fleet.target.systemId && orbit.orbit === fleet.target.orbit,
    );
  const seesComposition = researchLevel(viewer, 5) >= researchLevel(owner, 5);
  return (owner.fleets ?? [])
    .filter((fleet) => fleet.state === 'outbound' && isHostileMission(fleet.mission) && targeted(fleet))
    .map((fleet) => ({
      id: fleet.id,
      ownerId: owner.accountId,
      mission: fleet.mission,
      origin: { systemId: fleet.origin.systemId },
      target: { ...fleet.target },
      arrivesAt: fleet.arrivesAt,
      ...(seesComposition
        ? {
            ships: Object.entries(fleet.ships)
              .map(([id, count]) => ({ id: Number(id), count }))
              .sort((a, b) => a.id - b.id),
          }
        : {}),
    }));
}
