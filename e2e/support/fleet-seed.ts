/**
 * Test-only seeding for the fleet specs: writes levels, ships and resources straight into a
 * stopped server's SQLite file (DATA_DIR/starhold.sqlite). It lives in e2e/support and needs the
 * data directory's file with no server holding it, so nothing of it is reachable through the
 * server in production. What a spy or an attack meets is then known exactly, and the spec does not
 * spend minutes building a laboratory, drives and a shipyard through the API.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** planet_modules.type_id (GAME_RULES.md): 1 factories, 2 buildings, 3 ships, 4 defenses. */
export const MODULE_TYPE = { factory: 1, building: 2, ship: 3, defense: 4 } as const;

export interface PlanetSeed {
  /** Levels or counts by [type, module id]. */
  modules?: { type: keyof typeof MODULE_TYPE; id: number; value: number }[];
  resources?: { metal: number; crystal: number; fuel: number };
}

export interface AccountSeed {
  username: string;
  research?: Record<number, number>;
  /** The account's home planet (its first, idx 0). */
  home?: PlanetSeed;
}

export function seedAccounts(dataDir: string, accounts: AccountSeed[]): void {
  const db = new Database(join(dataDir, 'starhold.sqlite'));
  try {
    db.transaction(() => {
      for (const account of accounts) {
        const row = db.prepare('SELECT id FROM accounts WHERE username = ?').get(account.username) as
          { id: number } | undefined;
        if (row === undefined) throw new Error(`no account ${account.username}`);
        for (const [researchId, level] of Object.entries(account.research ?? {}))
          db.prepare(
            `INSERT INTO account_research (account_id, research_id, level) VALUES (?, ?, ?)
             ON CONFLICT (account_id, research_id) DO UPDATE SET level = excluded.level`,
          ).run(row.id, Number(researchId), level);
        const planet = db.prepare('SELECT id FROM planets WHERE account_id = ? AND idx = 0').get(row.id) as
          { id: number } | undefined;
        if (planet === undefined) throw new Error(`no home planet for ${account.username}`);
        for (const module of account.home?.modules ?? [])
          db.prepare(
            `INSERT INTO planet_modules (planet_id, type_id, module_id, value) VALUES (?, ?, ?, ?)
             ON CONFLICT (planet_id, type_id, module_id) DO UPDATE SET value = excluded.value`,
          ).run(planet.id, MODULE_TYPE[module.type], module.id, module.value);
        const resources = account.home?.resources;
        if (resources)
          db.prepare('UPDATE planets SET metal = ?, crystal = ?, fuel = ? WHERE id = ?').run(
            resources.metal,
            resources.crystal,
            resources.fuel,
            planet.id,
          );
      }
    })();
  } finally {
    db.close();
  }
}
