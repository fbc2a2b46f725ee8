import { z } from 'zod';

/**
 * Field-level validation keys: the server answers them in `fields` of a VALIDATION_ERROR body and
 * the web app translates them (`validation.<KEY>`).
 */
export const FIELD_ERRORS = {
  REQUIRED: 'REQUIRED',
  INVALID_EMAIL: 'INVALID_EMAIL',
  TOO_LONG: 'TOO_LONG',
  INVALID_USERNAME: 'INVALID_USERNAME',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  PASSWORD_UPPERCASE: 'PASSWORD_UPPERCASE',
  INVALID_RACE: 'INVALID_RACE',
} as const;
export type FieldErrorKey = keyof typeof FIELD_ERRORS;

export const EMAIL_MAX = 254;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const emailSchema = z
  .string({ error: FIELD_ERRORS.REQUIRED })
  .trim()
  .max(EMAIL_MAX, { error: FIELD_ERRORS.TOO_LONG })
  .pipe(z.email({ error: FIELD_ERRORS.INVALID_EMAIL }));

export const registerBodySchema = z.object({
  email: emailSchema,
  username: z
    .string({ error: FIELD_ERRORS.REQUIRED })
    .regex(USERNAME_PATTERN, { error: FIELD_ERRORS.INVALID_USERNAME }),
  password: z
    .string({ error: FIELD_ERRORS.REQUIRED })
    .min(PASSWORD_MIN, { error: FIELD_ERRORS.PASSWORD_TOO_SHORT })
    .max(PASSWORD_MAX, { error: FIELD_ERRORS.PASSWORD_TOO_LONG })
    .regex(/\p{Lu}/u, { error: FIELD_ERRORS.PASSWORD_UPPERCASE }),
  race_id: z.union([z.literal(1), z.literal(2)], { error: FIELD_ERRORS.INVALID_RACE }),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: z
    .string({ error: FIELD_ERRORS.REQUIRED })
    .trim()
    .min(1, { error: FIELD_ERRORS.REQUIRED })
    .max(EMAIL_MAX, { error: FIELD_ERRORS.TOO_LONG }),
  password: z
    .string({ error: FIELD_ERRORS.REQUIRED })
    .min(1, { error: FIELD_ERRORS.REQUIRED })
    .max(PASSWORD_MAX, { error: FIELD_ERRORS.PASSWORD_TOO_LONG }),
  remember_me: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;
