import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedUniverseIfEmpty } from '../src/modules/systems/systems.service.js';
import { prefersEnglish } from '../src/modules/auth/language.js';
import { createTestDatabase } from './helpers/index.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'starhold-data-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second lock on the same data directory with a clear message', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already used by another Starhold server \(pid \d+\)/);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('replaces a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'starhold.lock'), '2147483646');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      gameSpeed: 1,
      universeSeed: 'starhold',
      systemCount: 80,
      cookieSecure: false,
      logLevel: 'info',
      allowedOrigins: [],
    });
    expect(config.webDist).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it('parses every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      DATABASE_URL: 'postgres://u@h/db',
      COOKIE_SECURE: 'true',
      GAME_SPEED: '2.5',
      ALLOWED_ORIGINS: 'https://a.test, https://b.test/',
    });
    expect(config).toMatchObject({
      port: 4000,
      databaseUrl: 'postgres://u@h/db',
      cookieSecure: true,
      gameSpeed: 2.5,
      allowedOrigins: ['https://a.test', 'https://b.test'],
    });
  });

  it('runs the scheduler unless SCHEDULER=off, and trusts a proxy only when TRUST_PROXY says so', () => {
    expect(loadConfig({})).toMatchObject({ scheduler: true });
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(
      loadConfig({ SCHEDULER: 'off', TRUST_PROXY: 'true', TRUST_PROXY_OVERWRITES_FORWARDED_FOR: 'true' }),
    ).toMatchObject({
      scheduler: false,
      trustProxy: true,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' })).toMatchObject({
      trustProxy: '10.0.0.0/8,127.0.0.1',
    });
    expect(() => loadConfig({ SCHEDULER: 'maybe' })).toThrow(/SCHEDULER/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('refuses invalid values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});

describe('database setup', () => {
  it('applies migrations once and seeds the universe only on an empty database', async () => {
    const database = await createTestDatabase();
    try {
      expect(await migrateToLatest(database.db, database.dialect, database.schema)).toEqual([]);
      expect(await seedUniverseIfEmpty(database.db, database.dialect, 'other', 10)).toBe(false);
      const count = await database.db
        .selectFrom('systems')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(20);
    } finally {
      await database.dispose();
    }
  });
});

describe('language preference', () => {
  it.each([
    [undefined, false],
    ['en', true],
    ['fr', false],
    ['de-DE,en;q=0.8,fr;q=0.5', true],
    ['en;q=0.4,fr;q=0.6', false],
    ['de', false],
  ])('reads %s as English: %s', (header, english) => {
    expect(prefersEnglish(header)).toBe(english);
  });
});
