import { z } from 'zod';
import { envelope, timestampSchema } from './common.js';

/** 1 day, 2 week, 3 month, 4 year (SPEC section 3). */
export const COMMANDANT_DURATIONS = [1, 2, 3, 4] as const;
export type CommandantDurationCode = (typeof COMMANDANT_DURATIONS)[number];

export const commandantSchema = z.object({
  id: z.number().int(),
  /** Stable key (geologist, architect, ...); the client translates name and effect. */
  name: z.string(),
  nmi_daily: z.number(),
  nmi_weekly: z.number(),
  nmi_monthly: z.number(),
  nmi_yearly: z.number(),
});
export type Commandant = z.infer<typeof commandantSchema>;

export const commandantAvailabilitySchema = z.object({
  commandant: commandantSchema,
  available: z.boolean(),
  /** Null when never unlocked. */
  available_until: timestampSchema.nullable(),
});
export type CommandantAvailability = z.infer<typeof commandantAvailabilitySchema>;

export const commandantsResponseSchema = envelope(z.array(commandantAvailabilitySchema));

export const unlockCommandantBodySchema = z.strictObject({
  time: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});
export type UnlockCommandantBody = z.infer<typeof unlockCommandantBodySchema>;

/** The unlocked commandant and the NMI balance left. */
export const unlockCommandantResultSchema = commandantAvailabilitySchema.extend({ nmi: z.number() });
export type UnlockCommandantResult = z.infer<typeof unlockCommandantResultSchema>;

export const unlockCommandantResponseSchema = envelope(unlockCommandantResultSchema);
