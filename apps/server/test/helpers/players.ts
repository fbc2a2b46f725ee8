import type { Me, RegisterBody } from '@starhold/contract';
import type { AppInstance } from '../../src/context.js';

/** Headers of a JSON call, as the web client sends them on every call. */
export const JSON_HEADERS = { 'content-type': 'application/json' } as const;

export const DEFAULT_PASSWORD = 'Password1';

export interface Cookies {
  auth_token?: string;
  refresh_token?: string;
}

export interface TestPlayer {
  me: Me;
  email: string;
  username: string;
  password: string;
  cookies: Cookies;
  /** `Cookie` header value carrying both session cookies. */
  cookie: string;
  /** Headers for an authenticated JSON call: `app.inject({ headers: player.headers, ... })`. */
  headers: Record<string, string>;
}

let counter = 0;

export function cookiesOf(response: { cookies: { name: string; value: string }[] }): Cookies {
  const cookies: Cookies = {};
  for (const { name, value } of response.cookies) {
    if (name === 'auth_token' || name === 'refresh_token') cookies[name] = value;
  }
  return cookies;
}

export function cookieHeader(cookies: Cookies): string {
  return Object.entries(cookies)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

function asPlayer(
  body: Pick<TestPlayer, 'email' | 'username' | 'password'>,
  me: Me,
  cookies: Cookies,
): TestPlayer {
  const cookie = cookieHeader(cookies);
  return { ...body, me, cookies, cookie, headers: { ...JSON_HEADERS, cookie } };
}

/**
 * Registers a new player (unique email and username unless overridden) and returns its session.
 * Fails the test if registration does not answer 201.
 */
export async function registerPlayer(
  app: AppInstance,
  overrides: Partial<RegisterBody> & { acceptLanguage?: string } = {},
): Promise<TestPlayer> {
  counter += 1;
  const { acceptLanguage, ...fields } = overrides;
  const body = {
    email: `player${counter}@example.test`,
    username: `player${counter}`,
    password: DEFAULT_PASSWORD,
    race_id: 1 as const,
    ...fields,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { ...JSON_HEADERS, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    payload: body,
  });
  if (response.statusCode !== 201) {
    throw new Error(`registerPlayer: expected 201, got ${response.statusCode} ${response.body}`);
  }
  return asPlayer(body, response.json<{ data: Me }>().data, cookiesOf(response));
}

/** Logs an existing player in again (a new session family). */
export async function loginPlayer(
  app: AppInstance,
  player: Pick<TestPlayer, 'email' | 'username' | 'password'>,
  rememberMe = false,
): Promise<TestPlayer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: JSON_HEADERS,
    payload: { email: player.email, password: player.password, remember_me: rememberMe },
  });
  if (response.statusCode !== 200)
    throw new Error(`loginPlayer: expected 200, got ${response.statusCode} ${response.body}`);
  return asPlayer(player, response.json<{ data: Me }>().data, cookiesOf(response));
}
