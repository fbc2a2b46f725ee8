import { z } from 'zod';
import {
  envelope,
  idStringSchema,
  MAX_ID,
  pageMetaSchema,
  paginationQueryShape,
  timestampSchema,
} from './common.js';
import { raceSchema } from './lists.js';

/**
 * The operators' console (issue 23, decision 220): account search and detail, the actions
 * (suspend, reinstate, NMI, ending a stuck fleet), each with a reason, and the audit log. Every
 * route answers 401 signed out and 403 ADMIN_OPERATORS_ONLY to players.
 */

export const ADMIN_REASON_MAX = 500;
export const ADMIN_SEARCH_MAX = 100;
/** The most NMI one action grants or removes (the command line's bound). */
export const ADMIN_NMI_MAX = 1_000_000;
export const ADMIN_ACTIONS = [
  'promote',
  'demote',
  'suspend',
  'reinstate',
  'grant_nmi',
  'remove_nmi',
  'end_fleet',
  'delete_account',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const dbId = z.number().int().min(1).max(MAX_ID);
const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const adminAccountsQuerySchema = z.strictObject({
  q: z.string().trim().max(ADMIN_SEARCH_MAX).default(''),
  suspended: booleanQuery.optional(),
  ...paginationQueryShape,
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuerySchema>;

const accountRowShape = {
  id: dbId,
  username: z.string(),
  email: z.string(),
  race: raceSchema,
  total_points: z.number(),
  nmi: z.number(),
  /** The latest visit of any of its planets; null: never. */
  last_visit: timestampSchema.nullable(),
  suspended_at: timestampSchema.nullable(),
  operator: z.boolean(),
};
const adminAccountRowSchema = z.object(accountRowShape);
export type AdminAccountRow = z.infer<typeof adminAccountRowSchema>;

export const adminAccountsResponseSchema = z.object({
  data: z.array(adminAccountRowSchema),
  meta: pageMetaSchema,
});
export type AdminAccountsResponse = z.infer<typeof adminAccountsResponseSchema>;

const auditEntrySchema = z.object({
  id: dbId,
  at: timestampSchema,
  /** Null: the command line. */
  operator_id: dbId.nullable(),
  operator_name: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target_account_id: dbId.nullable(),
  target_name: z.string().nullable(),
  reason: z.string(),
  /** The values the action changed, before and after (JSON objects). */
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type AdminAuditEntry = z.infer<typeof auditEntrySchema>;

const adminAccountDetailSchema = z.object({
  account: z.object({ ...accountRowShape, created_at: timestampSchema }),
  planets: z.array(
    z.object({
      id: dbId,
      index: z.number().int().min(0),
      name: z.string(),
      system_id: dbId,
      orbit: z.number().int().min(0),
      metal: z.number(),
      crystal: z.number(),
      fuel: z.number(),
      ships: z.number().int().min(0),
      last_visit: timestampSchema.nullable(),
    }),
  ),
  fleets: z.array(
    z.object({
      id: dbId,
      mission: z.number().int().min(1).max(6),
      state: z.enum(['outbound', 'returning']),
      target_system_id: dbId,
      target_orbit: z.number().int().min(0),
      arrives_at: timestampSchema,
      returns_at: timestampSchema.nullable(),
      ships: z.number().int().min(0),
    }),
  ),
  queues: z.array(
    z.object({
      id: dbId,
      type_id: z.number().int().min(1).max(5),
      module_id: z.number().int().min(1),
      planet_id: dbId,
      state: z.number().int().min(1).max(2),
      target_value: z.number().int(),
      finish_at: timestampSchema.nullable(),
    }),
  ),
  emails: z.array(
    z.object({
      id: dbId,
      title: z.string(),
      /** The email's params (JSON text), so the console shows the title the player reads. */
      params: z.string(),
      created_at: timestampSchema,
      read_at: timestampSchema.nullable(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: dbId,
      created_at: timestampSchema,
      expires_at: timestampSchema,
      remember_me: z.boolean(),
      status: z.enum(['active', 'revoked', 'expired']),
    }),
  ),
  audit: z.array(auditEntrySchema),
});
export type AdminAccountDetail = z.infer<typeof adminAccountDetailSchema>;

export const adminAccountDetailResponseSchema = envelope(adminAccountDetailSchema);
export type AdminAccountDetailResponse = z.infer<typeof adminAccountDetailResponseSchema>;

export const adminAccountParamsSchema = z.strictObject({ id: idStringSchema });
export const adminFleetParamsSchema = z.strictObject({ id: idStringSchema, fleetId: idStringSchema });

const reasonSchema = z.string().trim().min(1).max(ADMIN_REASON_MAX);

export const adminReasonBodySchema = z.strictObject({ reason: reasonSchema });
export type AdminReasonBody = z.infer<typeof adminReasonBodySchema>;

/** A grant (positive) or a removal (negative) of NMI; never zero. */
export const adminNmiBodySchema = z.strictObject({
  amount: z
    .number()
    .int()
    .min(-ADMIN_NMI_MAX)
    .max(ADMIN_NMI_MAX)
    .refine((value) => value !== 0),
  reason: reasonSchema,
});
export type AdminNmiBody = z.infer<typeof adminNmiBodySchema>;

/** What an action did: its audit entry. */
export const adminActionResponseSchema = envelope(auditEntrySchema);
export type AdminActionResponse = z.infer<typeof adminActionResponseSchema>;

export const adminAuditQuerySchema = z.strictObject({
  account_id: idStringSchema.optional(),
  ...paginationQueryShape,
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: pageMetaSchema,
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

/** GET /ready: the database answers and this process's scheduler keeps up (decision 223). */
export const readyResponseSchema = envelope(
  z.object({
    status: z.literal('ready'),
    database: z.literal('ok'),
    scheduler: z.enum(['ok', 'off']),
  }),
);
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
