/** A simulated player: a session held as cookies, calling one process's API with fetch. */
export interface Player {
  index: number;
  username: string;
  cookie: string;
  accountId: number;
  initialNmi: number;
}

export type Outcome =
  | { kind: 'answered'; status: number; body: unknown }
  /** Refused before reaching the server (it was down): certainly not applied. */
  | { kind: 'refused' }
  /** Sent, but the connection died before an answer: applied or not. */
  | { kind: 'unknown' };

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  cookie: string | undefined,
  body?: unknown,
): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return {
      kind: 'answered',
      status: response.status,
      body: text === '' ? null : (JSON.parse(text) as unknown),
    };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'unknown' };
  }
}

export async function register(baseUrl: string, index: number, runId: string): Promise<Player> {
  const username = `so${runId}${index}`;
  const response = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${username}@scaleout.test`,
      username,
      password: 'Password1',
      race_id: 1 + (index % 2),
    }),
  });
  if (response.status !== 201)
    throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('auth_token=') || pair.startsWith('refresh_token='))
    .join('; ');
  const me = ((await response.json()) as { data: { id: number; nmi: number } }).data;
  return { index, username, cookie, accountId: me.id, initialNmi: me.nmi };
}

export const dataOf = <T>(outcome: Outcome): T => {
  if (outcome.kind !== 'answered' || outcome.status !== 200)
    throw new Error(`expected 200, got ${JSON.stringify(outcome)}`);
  return (outcome.body as { data: T }).data;
};
