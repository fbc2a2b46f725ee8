import type { PortableMigration } from './index.js';

const DOUBLE = 'double precision';

export const platformMigration: PortableMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('username_lower', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_lower', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('race_id', 'integer', (c) => c.notNull())
      .addColumn('nmi', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('focus_planet_index', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('economy_points', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('science_points', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('military_points', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('total_points', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('suspended_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('next_event_at', 'text')
      .addColumn('settled_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('accounts_next_event_at').on('accounts').column('next_event_at').execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();

    await db.schema
      .createTable('login_attempts')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('email_lower', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('login_attempts_email_ip')
      .on('login_attempts')
      .columns(['email_lower', 'ip', 'created_at'])
      .execute();
    await db.schema
      .createIndex('login_attempts_ip')
      .on('login_attempts')
      .columns(['ip', 'created_at'])
      .execute();

    await db.schema
      .createTable('secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('systems')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('x', DOUBLE, (c) => c.notNull())
      .addColumn('y', DOUBLE, (c) => c.notNull())
      .addColumn('security_id', 'integer', (c) => c.notNull())
      .addColumn('race_id', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('gates')
      .addColumn('a', 'integer', (c) => c.notNull().references('systems.id'))
      .addColumn('b', 'integer', (c) => c.notNull().references('systems.id'))
      .addPrimaryKeyConstraint('gates_pk', ['a', 'b'])
      .execute();

    await db.schema
      .createTable('orbits')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
      .addColumn('index', 'integer', (c) => c.notNull())
      .addColumn('planet_type', 'text', (c) => c.notNull())
      .addColumn('max_capacity', 'integer', (c) => c.notNull())
      .addColumn('debris_metal', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('debris_crystal', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('orbits_system_index', ['system_id', 'index'])
      .execute();

    await db.schema
      .createTable('planets')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('orbit_id', 'integer', (c) => c.notNull().unique().references('orbits.id'))
      .addColumn('idx', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('planet_type', 'text', (c) => c.notNull())
      .addColumn('max_capacity', 'integer', (c) => c.notNull())
      .addColumn('metal', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('crystal', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('fuel', DOUBLE, (c) => c.notNull().defaultTo(0))
      .addColumn('last_visit', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('planets_account_idx', ['account_id', 'idx'])
      .execute();

    await db.schema
      .createTable('emails')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .execute();
    await db.schema
      .createIndex('emails_account')
      .on('emails')
      .columns(['account_id', 'created_at'])
      .execute();
  },
};
