import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Row types of the tables of migration 001. Timestamps are ISO 8601 UTC strings in both dialects
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
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type PlanetRow = Selectable<PlanetsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
