import { z } from 'zod';
import { envelope, pageMetaSchema, paginationQuerySchema, timestampSchema } from './common.js';

/** Translation keys of email titles (GAME_RULES section 12); the server writes nothing else. */
export const EMAIL_TITLES = [
  'welcome',
  'construction_failed',
  'research_finished',
  'commandant_unlocked',
  'commandant_expired',
] as const;
export type EmailTitle = (typeof EMAIL_TITLES)[number];

export const emailSchema = z.object({
  id: z.number().int(),
  /** A translation key (EMAIL_TITLES); kept a string so later keys do not break older clients. */
  title: z.string(),
  /** The title's parameters as a JSON string. */
  params: z.string(),
  created_at: timestampSchema,
  read: z.boolean(),
});
export type Email = z.infer<typeof emailSchema>;

/**
 * `unread=true` lists only the unread emails (newest first; `meta.total` then counts those).
 * Strictly the text `true` or `false`: a query string carries no JSON boolean.
 */
export const emailsQuerySchema = paginationQuerySchema.extend({
  unread: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type EmailsQuery = z.infer<typeof emailsQuerySchema>;

export const emailsPageMetaSchema = pageMetaSchema.extend({ unread: z.number().int().min(0) });
export type EmailsPageMeta = z.infer<typeof emailsPageMetaSchema>;

export const emailsPageSchema = z.object({ data: z.array(emailSchema), meta: emailsPageMetaSchema });
export type EmailsPage = z.infer<typeof emailsPageSchema>;

export const emailResponseSchema = envelope(emailSchema);
