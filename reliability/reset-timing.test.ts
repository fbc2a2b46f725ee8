import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  JSON_HEADERS,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from '../apps/server/test/helpers/index.js';
import { percentile, printFigure } from './figures.js';

/**
 * Figure 6 (password reset, issue 22): "forgot password" must answer an email with an account
 * and one without in the same time, or the answer time tells which emails exist (decision 213:
 * the lookup and the mail happen after the answer). Measured here rather than in `npm test`.
 */
const TRIES = 200;

let t: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  // No SMTP_URL: the link goes to the (silent) log, the mail costs nothing to wait for.
  t = await createTestApp({ rateLimit: { max: 1_000_000, windowMs: 60_000 } });
  player = await registerPlayer(t.app);
});
afterAll(async () => {
  await t.close();
});

async function links(): Promise<number> {
  const rows = await t.database.db
    .selectFrom('account_links')
    .select('id')
    .where('account_id', '=', player.me.id)
    .execute();
  return rows.length;
}

async function timeReset(
  email: string,
  attempt: number,
): Promise<{ ms: number; status: number; body: string }> {
  // The throttle must not answer 429: earlier requests are forgotten outside the timing.
  await t.database.db.deleteFrom('mail_requests').execute();
  const start = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset',
    headers: JSON_HEADERS,
    payload: { email },
    remoteAddress: `10.${attempt >> 8}.${attempt & 255}.9`,
  });
  return { ms: performance.now() - start, status: response.statusCode, body: response.body };
}

describe(`password reset timing over ${TRIES} tries each`, () => {
  it('answers an email with an account and one without with the same status, body and median time (within 10%)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    const statuses = new Set<number>();
    for (let i = 0; i < TRIES; i += 1) {
      const pair = [
        [player.email, known],
        [`ghost${i}@example.test`, unknown],
      ] as const;
      // Alternated, so that neither side always comes first.
      for (const [email, times] of i % 2 === 0 ? pair : [...pair].reverse()) {
        const before = await links();
        const answer = await timeReset(email, i);
        times.push(answer.ms);
        bodies.add(answer.body);
        statuses.add(answer.status);
        // The known email's link is written after its answer: wait for it outside the timings,
        // so that its work never lands inside the next measurement.
        if (email === player.email)
          for (let waits = 0; (await links()) === before && waits < 200; waits += 1)
            await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    expect(await links()).toBe(TRIES);
    const medianKnown = percentile(
      [...known].sort((x, y) => x - y),
      50,
    );
    const medianUnknown = percentile(
      [...unknown].sort((x, y) => x - y),
      50,
    );
    const gap = Math.abs(medianUnknown - medianKnown) / medianKnown;
    printFigure(
      'reset timing',
      `median email with an account ${medianKnown.toFixed(2)} ms, without ${medianUnknown.toFixed(2)} ms, gap ${(gap * 100).toFixed(1)}% (limit 10%)`,
    );
    expect([...statuses]).toEqual([202]);
    expect(bodies.size).toBe(1);
    expect(gap).toBeLessThan(0.1);
  }, 300_000);
});
