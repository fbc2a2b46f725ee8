/**
 * Row types of the tables created by migration 002 (economy). Times are ISO 8601 UTC strings
 * (fixed width, so they also compare correctly as text); resources are doubles; every other
 * number is an integer below 2^31 except `unit_duration_ms` (a double holding an integer).
 */

/** Factory and building levels, ship and defense counts of a planet. */
export interface PlanetModulesTable {
  planet_id: number;
  /** 1 factory, 2 building, 3 ship, 4 defense. */
  type_id: number;
  module_id: number;
  /** The level (factories, buildings) or the owned count (ships, defenses). */
  value: number;
}

export interface AccountResearchTable {
  account_id: number;
  research_id: number;
  level: number;
}

/** One queue item: a level of a factory, building or research, or an order of units. */
export interface ConstructionsTable {
  account_id: number;
  /** Unique within the account (AccountState.nextItemId). */
  id: number;
  type_id: number;
  module_id: number;
  planet_id: number;
  /** 1 waiting, 2 in progress. */
  state: number;
  /** Position within its queue (planet and type, or the account's research queue). */
  position: number;
  queued_at: string;
  started_at: string | null;
  finish_at: string | null;
  /** Target level for levels, quantity for unit orders. */
  target_value: number;
  delivered: number;
  unit_duration_ms: number | null;
  paid_metal: number | null;
  paid_crystal: number | null;
  paid_fuel: number | null;
}

export interface CommandantsTable {
  account_id: number;
  commandant_id: number;
  available_until: string;
}

export interface EconomyTables {
  planet_modules: PlanetModulesTable;
  account_research: AccountResearchTable;
  constructions: ConstructionsTable;
  commandants: CommandantsTable;
}
