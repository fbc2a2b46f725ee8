import type { Kysely } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * Economy: module levels and unit counts per planet, research levels and commandants per
 * account, construction queues, and the account columns that settling needs. Portable as
 * written: `double precision` is REAL on SQLite, every key is composite so no identity column.
 */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('planet_modules')
    .addColumn('planet_id', 'integer', (col) => col.notNull().references('planets.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (col) => col.notNull())
    .addColumn('module_id', 'integer', (col) => col.notNull())
    .addColumn('value', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('planet_modules_pk', ['planet_id', 'type_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('account_research')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('research_id', 'integer', (col) => col.notNull())
    .addColumn('level', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('account_research_pk', ['account_id', 'research_id'])
    .execute();

  await db.schema
    .createTable('constructions')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('id', 'integer', (col) => col.notNull())
    .addColumn('type_id', 'integer', (col) => col.notNull())
    .addColumn('module_id', 'integer', (col) => col.notNull())
    .addColumn('planet_id', 'integer', (col) => col.notNull().references('planets.id').onDelete('cascade'))
    .addColumn('state', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('queued_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finish_at', 'text')
    .addColumn('target_value', 'integer', (col) => col.notNull())
    .addColumn('delivered', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('unit_duration_ms', 'double precision')
    .addColumn('paid_metal', 'double precision')
    .addColumn('paid_crystal', 'double precision')
    .addColumn('paid_fuel', 'double precision')
    .addPrimaryKeyConstraint('constructions_pk', ['account_id', 'id'])
    .execute();

  await db.schema
    .createTable('commandants')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('commandant_id', 'integer', (col) => col.notNull())
    .addColumn('available_until', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('commandants_pk', ['account_id', 'commandant_id'])
    .execute();

  // settled_at and next_event_at come with 001; only the item id allocator is new.
  await db.schema
    .alterTable('accounts')
    .addColumn('next_item_id', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('constructions_planet_idx').on('constructions').column('planet_id').execute();
}

export const economyMigration: PortableMigration = { up };
