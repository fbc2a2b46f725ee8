/**
 * The state model of the rules engine. Every time is a number of milliseconds since the epoch
 * (the server stores ISO strings; the engine never reads a clock). Every function of the engine is
 * pure: it takes a state and returns a new one, never mutating its arguments.
 */

export type RaceId = 1 | 2 | 3;
export type PlayableRaceId = 1 | 2;
export type ResourceId = 1 | 2 | 3;
export type ResourceKey = 'metal' | 'crystal' | 'fuel';
export type SecurityId = 1 | 2 | 3;
export type PlanetTypeKey = 'default' | 'gas' | 'mineral' | 'cryogenic' | 'volcanic';
export type LayerId = 1 | 2 | 3 | 4;
export type ResistanceId = 1 | 2 | 3 | 4;
export type CommandantId = 1 | 2 | 3 | 4 | 5;
/** 1 daily, 2 weekly, 3 monthly, 4 yearly. */
export type CommandantDuration = 1 | 2 | 3 | 4;

/** Construction types (`type_id` in the API). */
export const ConstructionType = {
  factory: 1,
  building: 2,
  ship: 3,
  defense: 4,
  research: 5,
} as const;
export type ConstructionTypeId = (typeof ConstructionType)[keyof typeof ConstructionType];
export type LevelTypeId = 1 | 2 | 5;
export type UnitTypeId = 3 | 4;

/** Construction states (`state` in the API). */
export const ConstructionState = { waiting: 1, inProgress: 2 } as const;
export type ConstructionStateId = 1 | 2;

export interface Resources {
  metal: number;
  crystal: number;
  fuel: number;
}

/** One level of a factory, building or research in a queue. */
export interface LevelItem {
  /** Unique within the account; allocated from `AccountState.nextItemId`. */
  id: number;
  typeId: LevelTypeId;
  moduleId: number;
  /** The planet whose queue holds it (factories, buildings) or that started and pays it (research). */
  planetId: number;
  /** The level reached when it finishes (`scheduled_value`). */
  targetLevel: number;
  state: ConstructionStateId;
  /** Set when the item starts (state 2). */
  startedAt: number | null;
  /** Finish time (`scheduled_at`), set when the item starts. */
  finishAt: number | null;
  /** What was paid when it started (refunded in full on cancel); null while waiting. */
  paid: Resources | null;
  /** When it was queued. */
  queuedAt: number;
}

/** An order of ships or defenses: paid up front, units delivered one by one. */
export interface UnitOrder {
  id: number;
  typeId: UnitTypeId;
  moduleId: number;
  planetId: number;
  quantity: number;
  /** Units already added to the planet's owned count. */
  delivered: number;
  state: ConstructionStateId;
  /** Set when the order becomes active (the previous order finished). */
  startedAt: number | null;
  /** Milliseconds per unit, fixed when the order becomes active. */
  unitDurationMs: number | null;
  /** Finish time of the whole order, set when it becomes active (`scheduled_at`). */
  finishAt: number | null;
  /** Paid in full when ordered. */
  paid: Resources;
  queuedAt: number;
}

export interface PlanetQueues {
  factories: LevelItem[];
  buildings: LevelItem[];
  ships: UnitOrder[];
  defenses: UnitOrder[];
}

export interface PlanetState {
  id: number;
  type: PlanetTypeKey;
  maxCapacity: number;
  /** Real numbers; shown rounded down. Never negative. */
  resources: Resources;
  /** Levels by factory id (1 metal mine, 2 crystal mine, 3 fuel synthesizer); missing = 0. */
  factories: Record<number, number>;
  /** Levels by building id 1..5; missing = 0. */
  buildings: Record<number, number>;
  /** Owned counts by ship id; missing = 0. */
  ships: Record<number, number>;
  /** Owned counts by defense id; missing = 0. */
  defenses: Record<number, number>;
  queues: PlanetQueues;
}

export interface AccountState {
  accountId: number;
  race: PlayableRaceId;
  /** The instant this state is settled to. */
  settledAt: number;
  nmi: number;
  /** Levels by research id 1..17; missing = 0. */
  research: Record<number, number>;
  /** The account's research queue (one in progress at a time). */
  researchQueue: LevelItem[];
  /** available_until by commandant id (ms); missing = never unlocked. Active while now < value. */
  commandants: Record<number, number>;
  /** planets[i] has index i; planets[0] is the home planet. */
  planets: PlanetState[];
  /** Next id for a queue item (fleets take their ids from the same counter). */
  nextItemId: number;
  /** Fleets in flight, outbound or returning; absent means none (FLEETS.md, decision 173). */
  fleets?: FleetState[];
}

/** FLEETS.md section 1: 1 transport, 2 park, 3 attack, 4 spy, 5 exploit, 6 colonize. */
export type MissionId = 1 | 2 | 3 | 4 | 5 | 6;
export const Mission = { transport: 1, park: 2, attack: 3, spy: 4, exploit: 5, colonize: 6 } as const;

/** A place a fleet flies from or to: a system and an orbit index in it. */
export interface OrbitRef {
  systemId: number;
  orbit: number;
}

/** A system of the fleet's route, at `position` ua from the origin system (0 for the origin). */
export interface RouteStop {
  systemId: number;
  position: number;
  security: SecurityId;
}

/** A pirate draw still to come: the fleet enters a null-security system at `at`. */
export interface FleetPass {
  systemId: number;
  at: number;
}

export interface FleetState {
  /** Unique within the account; allocated from `AccountState.nextItemId`. */
  id: number;
  mission: MissionId;
  originPlanetId: number;
  origin: OrbitRef;
  target: OrbitRef;
  /**
   * The account's own planet at the target when the fleet left (transport or park): such an
   * arrival involves this account only and settling applies it. Null: the arrival needs the
   * server (another account, debris or the universe), see `nextExternalFleetEvent`.
   */
  ownTargetPlanetId: number | null;
  route: RouteStop[];
  /** D of FLEETS.md section 2 (ua). */
  distance: number;
  speedPercent: number;
  /** Ship counts by id (nomad-free: a player's own ships). */
  ships: Record<number, number>;
  cargo: Resources;
  /** Fuel burnt at departure for the whole trip (out and, for missions that return, back). */
  fuelPaid: number;
  departedAt: number;
  /** When the outbound leg ends (the arrival), or would have ended for a recalled fleet. */
  arrivesAt: number;
  /** When the fleet is back home; null while outbound. */
  returnsAt: number | null;
  state: 'outbound' | 'returning';
  /** Pirate draws still to come, in time order. */
  passes: FleetPass[];
}

/** Server settings the formulas depend on. */
export interface RulesConfig {
  /** Multiplies production, divides durations. Default 1. */
  gameSpeed: number;
}

export type RefusalReason =
  | 'UNKNOWN_MODULE' // unknown id, or another race's ship or defense
  | 'UNKNOWN_PLANET'
  | 'INVALID_QUANTITY'
  | 'INVALID_DURATION'
  | 'QUEUE_FULL'
  | 'REQUIREMENTS_NOT_MET'
  | 'CAPACITY_FULL'
  | 'INSUFFICIENT_RESOURCES'
  | 'INSUFFICIENT_NMI'
  | 'NOTHING_TO_CANCEL'
  | 'NOT_CANCELLABLE'
  | 'LEVEL_ZERO'
  | 'PENDING_LEVELS';

/**
 * Refusals of the fleet functions, a type of their own so that the economy's `RefusalReason`
 * (and every exhaustive map of it) is unchanged. Error keys: see `FLEET_REFUSAL_ERROR_KEYS`.
 */
export type FleetRefusalReason =
  | 'UNKNOWN_PLANET'
  | 'UNKNOWN_SYSTEM'
  | 'UNREACHABLE'
  | 'UNKNOWN_FLEET'
  | 'INVALID_FLEET'
  | 'NOT_ENOUGH_SHIPS'
  | 'CARGO_TOO_LARGE'
  | 'INSUFFICIENT_RESOURCES'
  | 'FLEET_SLOTS_FULL'
  | 'PROTECTED_SPACE'
  | 'INVALID_TARGET'
  | 'ORBIT_OCCUPIED'
  | 'PLANET_LIMIT'
  | 'NO_DEBRIS'
  | 'NOT_RECALLABLE'
  | 'FLEET_EVENT_PENDING';

export interface FleetRefusal {
  ok: false;
  reason: FleetRefusalReason;
  message: string;
}
export type FleetResult<T> = { ok: true; value: T } | FleetRefusal;

export interface Refusal {
  ok: false;
  reason: RefusalReason;
  message: string;
}
export type Result<T> = { ok: true; value: T } | Refusal;

/** What settling (and actions) report, for emails, notifications and push. */
export type GameEvent =
  | {
      kind: 'item_started';
      at: number;
      planetId: number;
      typeId: ConstructionTypeId;
      moduleId: number;
      itemId: number;
    }
  | {
      kind: 'level_finished';
      at: number;
      planetId: number;
      typeId: LevelTypeId;
      moduleId: number;
      itemId: number;
      level: number;
    }
  | {
      kind: 'item_dropped';
      at: number;
      planetId: number;
      typeId: LevelTypeId;
      moduleId: number;
      itemId: number;
      targetLevel: number;
      reason: 'INSUFFICIENT_RESOURCES' | 'REQUIREMENTS_NOT_MET' | 'CAPACITY_FULL';
    }
  | {
      kind: 'units_delivered';
      at: number;
      planetId: number;
      typeId: UnitTypeId;
      moduleId: number;
      itemId: number;
      count: number;
      orderFinished: boolean;
    }
  | { kind: 'commandant_expired'; at: number; commandantId: CommandantId }
  | FleetNotice;

/** The email keys of FLEETS.md section 8. */
export type FleetNoticeKey =
  | 'combat_report'
  | 'spy_report'
  | 'spied_on'
  | 'fleet_returned'
  | 'transport_delivered'
  | 'colonized'
  | 'colonization_failed'
  | 'pirate_ambush'
  | 'debris_collected';

/**
 * Something a fleet did that one account is told about: an email (`key`, `params`) with, for
 * combats and espionage, the report the server stores and links from it (FLEETS.md section 8).
 */
export interface FleetNotice {
  kind: 'fleet_notice';
  at: number;
  /** The account told (the fleet's owner, or the other side). */
  accountId: number;
  fleetId: number;
  /** The fleet's owner. */
  ownerId: number;
  key: FleetNoticeKey;
  params: Record<string, string | number | boolean | null>;
  report?: FleetReport;
}

export interface UnitCount {
  id: number;
  count: number;
}

export interface CombatReportData {
  kind: 'combat';
  at: number;
  /** The attacking account, or null for nomad pirates. */
  attackerId: number | null;
  /** The defending account (the planet's owner, or the ambushed fleet's). */
  defenderId: number;
  systemId: number;
  /** Null for an ambush between orbits. */
  orbit: number | null;
  planetId: number | null;
  winner: 'attacker' | 'defender' | 'draw';
  rounds: readonly {
    round: number;
    attacker: {
      unitsBefore: readonly CombatStackCount[];
      unitsAfter: readonly CombatStackCount[];
      shots: number;
      damageDealt: number;
      damageAbsorbed: number;
    };
    defender: {
      unitsBefore: readonly CombatStackCount[];
      unitsAfter: readonly CombatStackCount[];
      shots: number;
      damageDealt: number;
      damageAbsorbed: number;
    };
  }[];
  attackerLosses: Resources;
  defenderLosses: Resources;
  /** What the battle added to the orbit's debris field. */
  debris: { metal: number; crystal: number };
  plunder: Resources;
  rebuiltDefenses: UnitCount[];
}

export interface CombatStackCount {
  kind: 'ship' | 'defense';
  id: number;
  count: number;
}

export interface SpyReportData {
  kind: 'spy';
  at: number;
  spyId: number;
  targetId: number;
  planetId: number;
  systemId: number;
  orbit: number;
  score: number;
  resources: Resources;
  /** Absent when the score is too low to see them (FLEETS.md section 5). */
  ships?: UnitCount[];
  defenses?: UnitCount[];
  buildings?: Record<number, number>;
  factories?: Record<number, number>;
  research?: Record<number, number>;
  detected: boolean;
  probesLost: number;
}

export type FleetReport = CombatReportData | SpyReportData;

export interface SettleResult {
  state: AccountState;
  events: GameEvent[];
}

export interface Points {
  economy: number;
  science: number;
  military: number;
  total: number;
}
