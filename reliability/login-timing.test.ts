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
 * Figure 6 (timing part): an unknown email must cost the same time as a wrong password, or the
 * answer time tells which emails have accounts. Measured here rather than in `npm test`, where
 * parallel test files make timings noisy.
 */
const TRIES = 200;

let t: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { max: 1_000_000, windowMs: 60_000 } });
  player = await registerPlayer(t.app);
});
afterAll(async () => {
  await t.close();
});

async function timeLogin(
  email: string,
  attempt: number,
): Promise<{ ms: number; status: number; body: string }> {
  // The throttle must not answer early with 429: past failures are forgotten (outside the timing)
  // and each attempt comes from its own address.
  await t.database.db.deleteFrom('login_attempts').execute();
  const start = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: JSON_HEADERS,
    payload: { email, password: 'WrongPass1' },
    remoteAddress: `10.${attempt >> 8}.${attempt & 255}.7`,
  });
  return { ms: performance.now() - start, status: response.statusCode, body: response.body };
}

describe(`login timing over ${TRIES} tries each`, () => {
  it('answers an unknown email and a wrong password with the same status, body and median time (within 10%)', async () => {
    const wrong: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    const statuses = new Set<number>();
    // Interleaved, so that a slower moment of the machine weighs on both sides alike.
    for (let i = 0; i < TRIES; i += 1) {
      for (const [email, times] of [
        [player.email, wrong],
        [`ghost${i}@example.test`, unknown],
      ] as const) {
        const answer = await timeLogin(email, i);
        times.push(answer.ms);
        bodies.add(answer.body);
        statuses.add(answer.status);
      }
    }
    const medianWrong = percentile(
      [...wrong].sort((x, y) => x - y),
      50,
    );
    const medianUnknown = percentile(
      [...unknown].sort((x, y) => x - y),
      50,
    );
    const gap = Math.abs(medianUnknown - medianWrong) / medianWrong;
    printFigure(
      'login timing',
      `median wrong password ${medianWrong.toFixed(2)} ms, unknown email ${medianUnknown.toFixed(2)} ms, gap ${(gap * 100).toFixed(1)}% (limit 10%)`,
    );
    expect([...statuses]).toEqual([401]);
    expect(bodies.size).toBe(1);
    expect(gap).toBeLessThan(0.1);
  }, 300_000);
});
