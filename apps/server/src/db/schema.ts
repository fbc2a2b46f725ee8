import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Row types of every table, as the migrations leave them (001 to the latest). Timestamps are ISO 8601 UTC strings in both dialects
 * (they sort as text and the rules engine converts them to milliseconds); booleans are 0/1.
 */
export interface AccountsTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  race_id: number;
  nmi: number;
  focus_planet_index: number;
  economy_points: number;
  science_points: number;
  military_points: number;
  total_points: number;
  suspended_at: string | null;
  created_at: string;
  next_event_at: string | null;
  settled_at: string;
  /** Moves with every change to what the account's game state is loaded from (migration 007). */
  state_version: Generated<number>;
  /** Migration 002: the id of the account's next queue item (AccountState.nextItemId). */
  next_item_id: Generated<number>;
  /** Migration 013: 1 opens the admin console (decision 220). */
  operator: Generated<number>;
  /** Moves with every change to the account's emails (migration 018, decision 218). */
  emails_version: Generated<number>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  account_id: number;
  family: string;
  hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  remember_me: number;
  created_at: string;
  /** Migration 012: the browser and address that opened or last refreshed the session. */
  user_agent: string | null;
  ip: string | null;
}

/** Migration 012: single-use links sent by email (password reset, email change). */
export interface AccountLinksTable {
  id: Generated<number>;
  account_id: number;
  purpose: 'password_reset' | 'email_change';
  hash: string;
  new_email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Migration 012: reset mails asked for, to throttle them per email and per address. */
export interface MailRequestsTable {
  id: Generated<number>;
  email_lower: string;
  ip: string;
  created_at: string;
}

export interface LoginKnownAddressesTable {
  account_id: number;
  ip: string;
  last_success_at: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email_lower: string;
  ip: string;
  created_at: string;
}

export interface SecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface SystemsTable {
  id: number;
  name: string;
  x: number;
  y: number;
  security_id: number;
  race_id: number;
}

export interface GatesTable {
  a: number;
  b: number;
}

export interface OrbitsTable {
  id: Generated<number>;
  system_id: number;
  index: number;
  planet_type: string;
  max_capacity: number;
  debris_metal: number;
  debris_crystal: number;
}

export interface PlanetsTable {
  id: Generated<number>;
  account_id: number;
  orbit_id: number;
  idx: number;
  name: string;
  planet_type: string;
  max_capacity: number;
  metal: number;
  crystal: number;
  fuel: number;
  last_visit: string | null;
  created_at: string;
}

export interface EmailsTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  params: string;
  created_at: string;
  read_at: string | null;
}

/** One row (id 1), kept by triggers of migration 005: the number of accounts not suspended. */
export interface AccountCountsTable {
  id: number;
  visible: number;
}

/** One row (id 1), moved by triggers of migration 008 whenever a session may have been revoked. */
export interface AuthEpochTable {
  id: number;
  value: number;
}

/** One row (id 1), moved by triggers of migration 009 whenever the ranking may have changed. */
export interface RankingVersionTable {
  id: number;
  value: number;
}

/*
 * Migration 002 (economy): resources are doubles; every other number is an integer below 2^31
 * except `unit_duration_ms` (a double holding an integer).
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

/** Migration 010: a fleet in flight, the rules engine's FleetState as JSON in `data`. */
export interface FleetsTable {
  account_id: number;
  id: number;
  mission: number;
  state: string;
  target_system_id: number;
  target_orbit: number;
  target_account_id: number | null;
  arrives_at: string;
  data: string;
}

/** Migration 010: one player's copy of a combat or spy report. */
export interface ReportsTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  created_at: string;
  data: string;
}

/** Migration 013: one operator action (append-only, decision 220); JSON in before/after. */
export interface AdminAuditTable {
  id: Generated<number>;
  at: string;
  /** Null: the command line (`npm run admin`). */
  operator_id: number | null;
  operator_name: string;
  action: string;
  target_account_id: number | null;
  target_name: string | null;
  reason: string;
  before: string;
  after: string;
}

/** Migration 011: the claimed rewards of the first-hour goals (decision 198). */
export interface GoalClaimsTable {
  account_id: number;
  goal_id: number;
  claimed_at: string;
}

export interface Database {
  accounts: AccountsTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
  login_known_addresses: LoginKnownAddressesTable;
  secrets: SecretsTable;
  systems: SystemsTable;
  gates: GatesTable;
  orbits: OrbitsTable;
  planets: PlanetsTable;
  emails: EmailsTable;
  account_counts: AccountCountsTable;
  auth_epoch: AuthEpochTable;
  ranking_version: RankingVersionTable;
  planet_modules: PlanetModulesTable;
  account_research: AccountResearchTable;
  constructions: ConstructionsTable;
  commandants: CommandantsTable;
  fleets: FleetsTable;
  reports: ReportsTable;
  account_links: AccountLinksTable;
  mail_requests: MailRequestsTable;
  admin_audit: AdminAuditTable;
  goal_claims: GoalClaimsTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type PlanetRow = Selectable<PlanetsTable>;
