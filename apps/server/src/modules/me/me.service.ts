import { RACE_NAMES, type Me } from '@starhold/contract';
import type { Kysely } from 'kysely';
import { isoAt, type AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { economyDeps, withAccount } from '../economy/index.js';
import { meRepository } from './me.repository.js';

/** The account as stored, without settling (registration and login answer it in their transaction). */
export async function readMe(db: Kysely<Database>, accountId: number, gameSpeed: number): Promise<Me> {
  const account = await meRepository.findAccount(db, accountId);
  if (!account) throw new DomainError('UNAUTHORIZED');
  return toMe(account, account.unread, gameSpeed);
}

type AccountRow = NonNullable<Awaited<ReturnType<typeof meRepository.findAccount>>>;

// A whole literal on this hot read, the operator key aside (decision 127).
function toMe(account: AccountRow, unread: number, gameSpeed: number): Me {
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    race: { id: account.race_id, name: RACE_NAMES[account.race_id] ?? 'unknown' },
    focus_planet_index: account.focus_planet_index,
    email_not_read_count: unread,
    nmi: account.nmi,
    total_points: account.total_points,
    economy_points: account.economy_points,
    science_points: account.science_points,
    military_points: account.military_points,
    game_speed: gameSpeed,
    // Only operators carry the field: the web app shows them the admin console (decision 220).
    ...(account.operator === 1 ? { operator: true as const } : {}),
  };
}

/**
 * The player's own account with live points and unread count: an account whose next event is
 * already due is settled first. Otherwise this stays a cheap read, since /me is fetched on every
 * screen.
 */
export async function loadMe(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'config'>,
  accountId: number,
  now: number,
): Promise<Me> {
  const account = await meRepository.findAccountNow(ctx.db, accountId);
  if (!account) throw new DomainError('UNAUTHORIZED');
  if (account.next_event_at !== null && account.next_event_at <= isoAt(now)) {
    await withAccount(economyDeps(ctx), accountId, now, () => ({ result: undefined }));
    return readMe(ctx.db, accountId, ctx.config.gameSpeed);
  }
  return toMe(account, account.unread, ctx.config.gameSpeed);
}
