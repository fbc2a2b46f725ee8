import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;

export interface AccessClaims {
  accountId: number;
  family: string;
  expiresAt: number;
}

const b64 = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** `v1.<base64url JSON claims>.<base64url HMAC-SHA256>`: small and verifiable without a lookup. */
export function signAccessToken(secret: string, claims: AccessClaims): string {
  const payload = b64(JSON.stringify({ a: claims.accountId, f: claims.family, e: claims.expiresAt }));
  return `v1.${payload}.${b64(sign(secret, `v1.${payload}`))}`;
}

export function verifyAccessToken(secret: string, token: string, now: number): AccessClaims | null {
  const [version, payload, signature] = token.split('.');
  if (version !== 'v1' || !payload || !signature || token.split('.').length !== 3) return null;
  const expected = sign(secret, `v1.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { a, f, e } = claims as Record<string, unknown>;
  if (typeof a !== 'number' || typeof f !== 'string' || typeof e !== 'number') return null;
  if (e <= now) return null;
  return { accountId: a, family: f, expiresAt: e };
}

/** Refresh tokens are stored hashed: a leaked table gives no usable token. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
