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
  /** Next id for a queue item. */
  nextItemId: number;
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
  | { kind: 'commandant_expired'; at: number; commandantId: CommandantId };

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
