/**
 * The one throttle-row helper behind the sign-in attempts (login_attempts) and the mails asked
 * for (mail_requests): the same record / count / forget on either table, and the repositories of
 * both use it. SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityRepository } from '../src/modules/auth/account-security.repository.js';
import { authRepository } from '../src/modules/auth/auth.repository.js';
import { throttleRows, type ThrottleTable } from '../src/modules/auth/throttle-rows.repository.js';
import { createTestDatabase, type TestDatabase } from './helpers/index.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe.each<ThrottleTable>(['login_attempts', 'mail_requests'])('throttle rows of %s', (table) => {
  const rows = throttleRows(table);

  it('counts the rows written after `since` per email, per address and per pair', async () => {
    const { db } = database;
    const first = await rows.record(db, {
      emailLower: 'a@x.test',
      ip: '10.0.0.1',
      at: at(1),
      pruneBefore: at(0),
    });
    await rows.record(db, { emailLower: 'a@x.test', ip: '10.0.0.2', at: at(2), pruneBefore: at(0) });
    await rows.record(db, { emailLower: 'b@x.test', ip: '10.0.0.1', at: at(3), pruneBefore: at(0) });
    expect(typeof first).toBe('number');
    expect(await rows.count(db, { emailLower: 'a@x.test', since: at(0) })).toBe(2);
    expect(await rows.count(db, { ip: '10.0.0.1', since: at(0) })).toBe(2);
    expect(await rows.count(db, { emailLower: 'a@x.test', ip: '10.0.0.1', since: at(0) })).toBe(1);
    expect(await rows.count(db, { emailLower: 'a@x.test', since: at(1) })).toBe(1);

    await rows.forget(db, first);
    expect(await rows.count(db, { emailLower: 'a@x.test', since: at(0) })).toBe(1);
  });

  it('prunes the rows past the window when it records one', async () => {
    const { db } = database;
    await rows.record(db, { emailLower: 'c@x.test', ip: '10.0.0.3', at: at(30), pruneBefore: at(10) });
    expect(await rows.count(db, { since: at(0) })).toBe(1);
  });
});

describe('the repositories', () => {
  it('record, count and forget sign-in attempts and mail requests through the one helper', async () => {
    const { db } = database;
    const attempt = await authRepository.recordAttempt(db, {
      emailLower: 'd@x.test',
      ip: '10.0.0.4',
      at: at(40),
      pruneBefore: at(39),
    });
    const mail = await accountSecurityRepository.recordMailRequest(db, {
      emailLower: 'd@x.test',
      ip: '10.0.0.4',
      at: at(40),
      pruneBefore: at(39),
    });
    expect(await authRepository.countFailures(db, { emailLower: 'd@x.test', since: at(39) })).toBe(1);
    expect(await accountSecurityRepository.countMailRequests(db, { ip: '10.0.0.4', since: at(39) })).toBe(1);
    await authRepository.forgetAttempt(db, attempt);
    await accountSecurityRepository.forgetMailRequest(db, mail);
    expect(await authRepository.countFailures(db, { emailLower: 'd@x.test', since: at(39) })).toBe(0);
    expect(await accountSecurityRepository.countMailRequests(db, { ip: '10.0.0.4', since: at(39) })).toBe(0);
  });
});
