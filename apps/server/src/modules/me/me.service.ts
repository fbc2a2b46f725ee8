import { RACE_NAMES, type Me } from '@starhold/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { emailsRepository } from '../emails/emails.repository.js';
import { meRepository } from './me.repository.js';

export async function loadMe(db: Kysely<Database>, accountId: number): Promise<Me> {
  const [account, unread] = await Promise.all([
    meRepository.findAccount(db, accountId),
    emailsRepository.countUnread(db, accountId),
  ]);
  if (!account) throw new DomainError('UNAUTHORIZED');
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
  };
}
