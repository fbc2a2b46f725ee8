/**
 * The operator's commands behind `npm run admin`. Each one takes an open database and returns
 * the lines to print; only `migrate` changes the schema, and nothing here seeds or regenerates.
 */
import { MAX_ID } from '@starhold/contract';
import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Config } from '../config.js';
import { isoAt } from '../context.js';
import type { DatabaseHandle } from '../db/database.js';
import { deleteAccount } from './account-removal.js';
import { migrateToLatest } from '../db/migrate.js';
import { MIGRATIONS } from '../db/migrations/index.js';
import type { Database } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { announceSessionsEnded, type EventBus } from '../modules/events/index.js';
import {
  changeNmi,
  COMMAND_LINE,
  reinstateAccount,
  setOperator,
  suspendAccount,
  writeAudit,
} from '../modules/admin/index.js';
import type { CommandOutcome } from './socket.js';

export const USAGE = `Usage: npm run admin -- <command> [arguments]
  help                               show this text
  migrate                            apply pending database migrations
  list [--suspended]                 list accounts (id, username, email, NMI, points, status)
  grant-nmi <account> <amount>       add NMI (a whole number, 1..1000000) to an account
  suspend <account> --yes            suspend an account: login refused, its sessions end at once
  reinstate <account>                lift a suspension (alias: unsuspend)
  promote <email>                    make an account an operator (it opens the admin console)
  demote <email>                     take the operator role back
  delete-account <email> --yes       delete an account and every row of it (planets, queue,
                                     emails, sessions), in one transaction; its orbit is freed

<account> is a username (any case) or an account id. Every change is written to the audit log,
with --reason="..." as its reason when given.
On SQLite, a running server holding the data directory runs the command for you (through the
socket DATA_DIR/admin.sock, waiting ADMIN_TIMEOUT_SECONDS for its answer, 30 by default; past it
the exit code is 124 and the command may still have run); with PostgreSQL, or when no server runs,
it works on the database.`;

export class CommandError extends Error {}

export interface CommandContext {
  handle: Pick<DatabaseHandle, 'db' | 'dialect' | 'schema'>;
  config: Config;
  now: number;
  /** The bus, so that a suspension ends the player's open event streams at once (decision 243). */
  events?: EventBus;
}

/** What to print and the exit code: a CommandError is a refusal (1), anything else is thrown. */
export async function commandOutcome(ctx: CommandContext, args: readonly string[]): Promise<CommandOutcome> {
  try {
    return { code: 0, lines: await runCommand(ctx, args) };
  } catch (error) {
    if (error instanceof CommandError) return { code: 1, lines: error.message.split('\n') };
    throw error;
  }
}

/** The account of an email (any case), for promote, demote and delete-account. */
async function findByEmail(db: Kysely<Database>, email: string): Promise<AccountRef> {
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'username'])
    .where('email_lower', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!account) throw new CommandError(`No account with the email ${email}`);
  return account;
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
  // Only what an id column can hold: a larger number is nobody's id (PostgreSQL would refuse the query).
  const byId =
    /^[1-9]\d{0,9}$/.test(ref) && Number(ref) <= MAX_ID
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
  const reason = (args.find((arg) => arg.startsWith('--reason=')) ?? '--reason=')
    .slice('--reason='.length)
    .trim();
  const admin = {
    db,
    dialect: ctx.handle.dialect,
    config: ctx.config,
    ...(ctx.events ? { events: ctx.events } : {}),
  };

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
      const entry = await changeNmi(admin, COMMAND_LINE, account.id, amount, reason, ctx.now);
      return [
        `Granted ${amount} NMI to ${account.username} (account ${account.id}); balance ${String(entry.after.nmi)}`,
      ];
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
      try {
        await suspendAccount(admin, COMMAND_LINE, account.id, reason, ctx.now);
      } catch (error) {
        if (error instanceof DomainError && error.key === 'ADMIN_ALREADY_SUSPENDED')
          return [`${account.username} (account ${account.id}) is already suspended`];
        throw error;
      }
      return [`Suspended ${account.username} (account ${account.id}); their sessions are revoked`];
    }

    case 'reinstate':
    case 'unsuspend': {
      const [ref] = rest;
      if (ref === undefined) throw new CommandError(USAGE);
      const account = await findAccount(db, ref);
      try {
        await reinstateAccount(admin, COMMAND_LINE, account.id, reason, ctx.now);
      } catch (error) {
        if (error instanceof DomainError && error.key === 'ADMIN_NOT_SUSPENDED')
          return [`${account.username} (account ${account.id}) is not suspended`];
        throw error;
      }
      return [`Reinstated ${account.username} (account ${account.id}); they can log in again`];
    }

    case 'promote':
    case 'demote': {
      const [email] = rest;
      if (email === undefined) throw new CommandError(USAGE);
      const account = await findByEmail(db, email);
      const entry = await setOperator(
        admin,
        COMMAND_LINE,
        account.id,
        command === 'promote',
        reason,
        ctx.now,
      );
      const role = command === 'promote' ? 'an operator' : 'a player';
      return [
        entry === null
          ? `${account.username} (account ${account.id}) is already ${role}`
          : `${account.username} (account ${account.id}) is now ${role}`,
      ];
    }

    case 'delete-account': {
      const [email] = rest;
      if (email === undefined) throw new CommandError(USAGE);
      const account = await findByEmail(db, email);
      if (!flags.has('--yes')) {
        throw new CommandError(
          `Deleting ${account.username} (account ${account.id}, ${email}) removes it for good, with its planets, queue, emails and sessions; add --yes to confirm`,
        );
      }
      // As DELETE /me: the write transaction and row locks of the dialect (PostgreSQL runs this
      // beside live servers), and the command's clock for the fleets that turn round.
      const { dialect } = ctx.handle;
      const deleted = await dialect.writeTransaction(db, async (trx) => {
        const done = await deleteAccount(trx, account.id, { dialect, now: ctx.now });
        if (done)
          await writeAudit(trx, {
            at: isoAt(ctx.now),
            actor: COMMAND_LINE,
            action: 'delete_account',
            target: account,
            reason,
            before: { username: account.username, email },
            after: { deleted: true },
          });
        return done;
      });
      if (!deleted) throw new CommandError(`No account with the email ${email}`);
      await announceSessionsEnded(ctx.events, db, account.id);
      return [`Deleted ${account.username} (account ${account.id}); its home orbit is free`];
    }

    default:
      throw new CommandError(command === undefined ? USAGE : `Unknown command "${command}"\n\n${USAGE}`);
  }
}
