/**
 * Test helpers of the server suite (reused by every module's tests):
 * - createTestApp({ clock, config, bodyLimit, rateLimit }): the real app over a fresh migrated and
 *   seeded database (in-memory SQLite, or a fresh PostgreSQL schema when TEST_DATABASE_URL is set);
 * - createTestDatabase(): the same database without the app;
 * - createTestClock(start): a settable clock (advance, set);
 * - registerPlayer(app, overrides) / loginPlayer(app, player): a session as cookies and headers;
 * - JSON_HEADERS, cookiesOf(response), cookieHeader(cookies);
 * - countVisibleAccounts(db): the accounts not suspended, counted without the leaderboard counter;
 * - anyNumber, stringContaining(...) and the other matchers typed `unknown`; ErrorBody;
 * - holdAccountLock(database, accountId, during), within(promise, ms, what).
 */
export * from './test-app.js';
export * from './test-clock.js';
export * from './players.js';
export * from './accounts.js';
export * from './matchers.js';
export * from './locks.js';
