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
  INVALID_TOKEN: 'INVALID_TOKEN',
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

/** A password being chosen (registration, change, reset): 8..128 characters with an uppercase letter. */
const newPasswordSchema = z
  .string({ error: FIELD_ERRORS.REQUIRED })
  .min(PASSWORD_MIN, { error: FIELD_ERRORS.PASSWORD_TOO_SHORT })
  .max(PASSWORD_MAX, { error: FIELD_ERRORS.PASSWORD_TOO_LONG })
  .regex(/\p{Lu}/u, { error: FIELD_ERRORS.PASSWORD_UPPERCASE });

/** A password being checked (sign-in, confirmations): any non-empty string up to the maximum. */
const givenPasswordSchema = z
  .string({ error: FIELD_ERRORS.REQUIRED })
  .min(1, { error: FIELD_ERRORS.REQUIRED })
  .max(PASSWORD_MAX, { error: FIELD_ERRORS.PASSWORD_TOO_LONG });

export const registerBodySchema = z.object({
  email: emailSchema,
  username: z
    .string({ error: FIELD_ERRORS.REQUIRED })
    .regex(USERNAME_PATTERN, { error: FIELD_ERRORS.INVALID_USERNAME }),
  password: newPasswordSchema,
  race_id: z.union([z.literal(1), z.literal(2)], { error: FIELD_ERRORS.INVALID_RACE }),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: z
    .string({ error: FIELD_ERRORS.REQUIRED })
    .trim()
    .min(1, { error: FIELD_ERRORS.REQUIRED })
    .max(EMAIL_MAX, { error: FIELD_ERRORS.TOO_LONG }),
  password: givenPasswordSchema,
  remember_me: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** POST /me/password: the current password again and the new one (registration rules). */
export const changePasswordBodySchema = z.object({
  current_password: givenPasswordSchema,
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /auth/password-reset: always answered 202, whether the email has an account or not. */
export const passwordResetBodySchema = z.object({ email: emailSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** The token of an emailed link: 32 random bytes, base64url (43 characters). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const linkTokenSchema = z
  .string({ error: FIELD_ERRORS.REQUIRED })
  .regex(LINK_TOKEN_PATTERN, { error: FIELD_ERRORS.INVALID_TOKEN });

export const passwordResetConfirmBodySchema = z.object({
  token: linkTokenSchema,
  new_password: newPasswordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

/** POST /me/email: a link is sent to the new address; the email changes when it is followed. */
export const emailChangeBodySchema = z.object({ new_email: emailSchema, password: givenPasswordSchema });
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

export const emailChangeConfirmBodySchema = z.object({ token: linkTokenSchema });
export type EmailChangeConfirmBody = z.infer<typeof emailChangeConfirmBodySchema>;

/** DELETE /me: the password again. */
export const deleteAccountBodySchema = z.object({ password: givenPasswordSchema });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** A signed-in browser: one refresh-token family (decision 021). */
export const sessionSchema = z.object({
  id: z.number().int().min(1),
  /** A short description from the user agent ("Firefox on Windows"), null when unknown. */
  device: z.string().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = z.object({ data: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** What an action on sessions ended: how many other sessions were signed out. */
export const sessionsEndedResponseSchema = z.object({
  data: z.object({ ok: z.literal(true), ended: z.number().int().min(0) }),
});
export type SessionsEndedResponse = z.infer<typeof sessionsEndedResponseSchema>;
