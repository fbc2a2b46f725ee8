import type { Kysely } from 'kysely';
import type { DialectSeam } from '../dialect.js';
import { platformMigration } from './001-platform.js';
import { economyMigration } from './002-economy.js';
import { rankingIndexesMigration } from './003-ranking-indexes.js';
import { visibleAccountsIndexMigration } from './004-visible-accounts-index.js';
import { visibleAccountsCounterMigration } from './005-visible-accounts-counter.js';
import { loginKnownAddressesMigration } from './006-login-known-addresses.js';
import { accountStateVersionMigration } from './007-account-state-version.js';
import { authEpochMigration } from './008-auth-epoch.js';
import { rankingVersionMigration } from './009-ranking-version.js';
import { fleetsMigration } from './010-fleets.js';
import { goalsMigration } from './011-goals.js';
import { accountsMigration } from './012-accounts.js';
import { operatorsMigration } from './013-operators.js';
import { fleetsDueIndexMigration } from './014-fleets-due-index.js';
import { stateVersionReturnedMigration } from './015-state-version-returned.js';
import { guardedSingleStatementSaveMigration } from './016-guarded-single-statement-save.js';
import { emailsUnreadIndexMigration } from './017-emails-unread-index.js';
import { emailsVersionMigration } from './018-emails-version.js';
import { oneBumpPerUpdatedRowMigration } from './019-one-bump-per-updated-row.js';
import { guardedSaveOfModuleRowsMigration } from './020-guarded-save-of-module-rows.js';
import { fleetsIncomingIndexMigration } from './021-fleets-incoming-index.js';

/** A migration that receives the dialect seam, so one file serves SQLite and PostgreSQL. */
export interface PortableMigration {
  // Kysely<unknown>: migrations are written against the schema of their time, not the current types.
  up(db: Kysely<unknown>, dialect: DialectSeam): Promise<void>;
}

/** Ordered: append new migrations at the end, never rename or reorder applied ones. */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: PortableMigration]> = [
  ['001-platform', platformMigration],
  ['002-economy', economyMigration],
  ['003-ranking-indexes', rankingIndexesMigration],
  ['004-visible-accounts-index', visibleAccountsIndexMigration],
  ['005-visible-accounts-counter', visibleAccountsCounterMigration],
  ['006-login-known-addresses', loginKnownAddressesMigration],
  ['007-account-state-version', accountStateVersionMigration],
  ['008-auth-epoch', authEpochMigration],
  ['009-ranking-version', rankingVersionMigration],
  ['010-fleets', fleetsMigration],
  ['012-accounts', accountsMigration],
  ['013-operators', operatorsMigration],
  ['011-goals', goalsMigration],
  ['014-fleets-due-index', fleetsDueIndexMigration],
  ['015-state-version-returned', stateVersionReturnedMigration],
  ['016-guarded-single-statement-save', guardedSingleStatementSaveMigration],
  ['017-emails-unread-index', emailsUnreadIndexMigration],
  ['018-emails-version', emailsVersionMigration],
  ['019-one-bump-per-updated-row', oneBumpPerUpdatedRowMigration],
  ['020-guarded-save-of-module-rows', guardedSaveOfModuleRowsMigration],
  ['021-fleets-incoming-index', fleetsIncomingIndexMigration],
];
