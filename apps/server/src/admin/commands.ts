/**
 * The operator's commands behind `npm run admin`. Each one takes an open database and returns
 * the lines to print; only `migrate` changes the schema, and nothing here seeds or regenerates.
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Config } from '../config.js';
import { isoAt } from '../context.js';
import type { DatabaseHandle } from '../db/database.js';
import { deleteAccount } from './account-removal.js';
import { migrateToLatest } from '../db/migrate.js';
import { MIGRATIONS } from '../db/migrations/index.js';
import type { Database } from '../db/schema.js';
import { economyDeps, withAccount } from '../modules/economy/index.js';

export const USAGE = `Usage: npm run admin -- <command> [arguments]
  help                               show this text
  migrate                            apply pending database migrations
  list [--suspended]                 list accounts (id, username, email, NMI, points, status)
  grant-nmi <account> <amount>       add NMI (a whole number, 1..1000000) to an account
  suspend <account> --yes            suspend an account: login refused, its sessions end at once
  reinstate <account>                lift a suspension (alias: unsuspend)
  delete-account <email> --yes       delete an account and every row of it (planets, queue,
                                     emails, sessions), in one transaction; its orbit is freed

<account> is a username (any case) or an account id.
On SQLite, stop the server first: the commands take the same data-directory lock.`;

export class CommandError extends Error {}

export interface CommandContext {
  handle: Pick<DatabaseHandle, 'db' | 'dialect' | 'schema'>;
  config: Config;
  now: number;
}

export const GRANT_MAX = 1_000_000;

/** Names of the migrations not yet applied; only `migrate` may apply them. */
async function pendingMigrations(db: Kysely<Database>, schema: string | undefined): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name] of MIGRATIONS) migrations[name] = { up: async () => {} };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  return (await migrator.getMigrations())
    .filter((info) => info.executedAt === undefined)
    .map((info) => info.name);
}

interface AccountRef {
  id: number;
  username: string;
}

/** A username first; digits that name no user are read as an id. Both matching different accounts is refused. */
async function findAccount(db: Kysely<Database>, ref: string): Promise<AccountRef> {
  const byName = await db
    .selectFrom('accounts')
    .select(['id', 'username'])
    .where('username_lower', '=', ref.toLowerCase())
    .executeTakeFirst();
  const byId = /^\d+$/.test(ref)
    ? await db
        .selectFrom('accounts')
        .select(['id', 'username'])
        .where('id', '=', Number(ref))
        .executeTakeFirst()
    : undefined;
  if (byName && byId && byName.id !== byId.id) {
    throw new CommandError(
      `"${ref}" is both the username of account ${byName.id} and the id of ${byId.username}; use the other account's username`,
    );
  }
  const account = byName ?? byId;
  if (!account) throw new CommandError(`No account named ${ref}`);
  return account;
}

function parseAmount(text: string | undefined): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < 1 || Number(text) > GRANT_MAX) {
    throw new CommandError(`The amount must be a whole number from 1 to ${GRANT_MAX}`);
  }
  return Number(text);
}

function pad(value: string | number, width: number): string {
  return String(value).padEnd(width);
}

export async function runCommand(ctx: CommandContext, args: readonly string[]): Promise<string[]> {
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  const [command, ...rest] = args.filter((arg) => !arg.startsWith('--'));
  const { db } = ctx.handle;

  if (command === 'migrate') {
    const applied = await migrateToLatest(db, ctx.handle.dialect, ctx.handle.schema);
    return [applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date'];
  }

  const pending = await pendingMigrations(db, ctx.handle.schema);
  if (pending.length > 0)
    throw new CommandError(
      `Pending migrations (${pending.join(', ')}): run "npm run admin -- migrate" first`,
    );

  switch (command) {
    case 'list': {
      let query = db
        .selectFrom('accounts')
        .select(['id', 'username', 'email', 'nmi', 'total_points', 'suspended_at'])
        .orderBy('id');
      if (flags.has('--suspended')) query = query.where('suspended_at', 'is not', null);
      const rows = await query.execute();
      return [
        `${pad('id', 6)} ${pad('username', 20)} ${pad('email', 32)} ${pad('nmi', 10)} ${pad('points', 12)} status`,
        ...rows.map(
          (row) =>
            `${pad(row.id, 6)} ${pad(row.username, 20)} ${pad(row.email, 32)} ${pad(row.nmi, 10)} ${pad(Math.floor(row.total_points), 12)} ${row.suspended_at ? `suspended since ${row.suspended_at}` : 'active'}`,
        ),
        `${rows.length} account(s)`,
      ];
    }

    case 'grant-nmi': {
      const [ref, amountText] = rest;
      if (ref === undefined) throw new CommandError(USAGE);
      const amount = parseAmount(amountText);
      const account = await findAccount(db, ref);
      // Through the settling transaction: a request spending NMI at the same moment cannot lose the grant.
      const balance = await withAccount(
        economyDeps({ db, dialect: ctx.handle.dialect, config: ctx.config }),
        account.id,
        ctx.now,
        ({ state }) => ({
          state: { ...state, nmi: state.nmi + amount },
          result: state.nmi + amount,
        }),
      );
      return [`Granted ${amount} NMI to ${account.username} (account ${account.id}); balance ${balance}`];
    }

    case 'suspend': {
      const [ref] = rest;
      if (ref === undefined) throw new CommandError(USAGE);
      const account = await findAccount(db, ref);
      if (!flags.has('--yes')) {
        throw new CommandError(
          `Suspending ${account.username} (account ${account.id}) ends their sessions; add --yes to confirm`,
        );
      }
      const at = isoAt(ctx.now);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ suspended_at: at })
          .where('id', '=', account.id)
          .where('suspended_at', 'is', null)
          .execute();
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: at })
          .where('account_id', '=', account.id)
          .where('revoked_at', 'is', null)
          .execute();
      });
      return [`Suspended ${account.username} (account ${account.id}); their sessions are revoked`];
    }

    case 'reinstate':
    case 'unsuspend': {
      const [ref] = rest;
      if (ref === undefined) throw new CommandError(USAGE);
      const account = await findAccount(db, ref);
      await db.updateTable('accounts').set({ suspended_at: null }).where('id', '=', account.id).execute();
      return [`Reinstated ${account.username} (account ${account.id}); they can log in again`];
    }

    case 'delete-account': {
      const [email] = rest;
      if (email === undefined) throw new CommandError(USAGE);
      const account = await db
        .selectFrom('accounts')
        .select(['id', 'username'])
        .where('email_lower', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      if (!account) throw new CommandError(`No account with the email ${email}`);
      if (!flags.has('--yes')) {
        throw new CommandError(
          `Deleting ${account.username} (account ${account.id}, ${email}) removes it for good, with its planets, queue, emails and sessions; add --yes to confirm`,
        );
      }
      const deleted = await db.transaction().execute((trx) => deleteAccount(trx, account.id));
      if (!deleted) throw new CommandError(`No account with the email ${email}`);
      return [`Deleted ${account.username} (account ${account.id}); its home orbit is free`];
    }

    default:
      throw new CommandError(command === undefined ? USAGE : `Unknown command "${command}"\n\n${USAGE}`);
  }
}
