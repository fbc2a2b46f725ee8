import { ADMIN_ACTIONS, type AdminAction, type AdminAuditEntry } from '@starhold/contract';
import type { Kysely, Selectable } from 'kysely';
import type { AdminAuditTable, Database } from '../../db/schema.js';

/** Who acts: an operator's account, or the command line (no account, decision 221). */
export interface Actor {
  id: number | null;
  name: string;
}

export const COMMAND_LINE: Actor = { id: null, name: 'command line' };

export interface AuditInput {
  at: string;
  actor: Actor;
  action: AdminAction;
  target: { id: number; username: string } | null;
  reason: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const parseObject = (text: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
};

export function toAuditEntry(row: Selectable<AdminAuditTable>): AdminAuditEntry {
  const action = ADMIN_ACTIONS.find((known) => known === row.action);
  if (action === undefined) throw new Error(`Unknown audit action ${row.action}`);
  return {
    id: row.id,
    at: row.at,
    operator_id: row.operator_id,
    operator_name: row.operator_name,
    action,
    target_account_id: row.target_account_id,
    target_name: row.target_name,
    reason: row.reason,
    before: parseObject(row.before),
    after: parseObject(row.after),
  };
}

/**
 * Appends one operator action to the audit log, in the caller's transaction so that the action
 * and its record commit or roll back together. The table refuses updates and deletes (migration 013).
 */
export async function writeAudit(trx: Kysely<Database>, input: AuditInput): Promise<AdminAuditEntry> {
  const row = await trx
    .insertInto('admin_audit')
    .values({
      at: input.at,
      operator_id: input.actor.id,
      operator_name: input.actor.name,
      action: input.action,
      target_account_id: input.target?.id ?? null,
      target_name: input.target?.username ?? null,
      reason: input.reason,
      before: JSON.stringify(input.before),
      after: JSON.stringify(input.after),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAuditEntry(row);
}
