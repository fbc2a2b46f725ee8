/**
 * The command line's account commands.
 *
 * `npm run admin -- delete-account` with other players' fleets heading for the account: they turn
 * round at the command's own time (the server's clock when the server runs it, decision 221), as
 * DELETE /me does, under the accounts' locks, and the audit row is written. SQLite, or PostgreSQL
 * with TEST_DATABASE_URL.
 */
import type { FleetList } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError, runCommand } from '../src/admin/commands.js';
import { call, equip, homePlace } from './fleets-fixtures.js';
import { createTestApp, loginPlayer, registerPlayer, type TestApp } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
});
afterAll(async () => {
  await t.close();
});

describe('delete-account', () => {
  it("turns other players' fleets round at the command's time, not the machine's", async () => {
    const victim = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    await equip(t.database.db, other.me.id, { 6: 5, 1: 20 });
    const target = await homePlace(t.database.db, victim.me.id);
    const sent = await call(t, other, 'POST', '/me/fleets', {
      mission: 4,
      target: { system_id: target.systemId, orbit: target.orbit },
      ships: [{ id: 6, count: 2 }],
      speed: 10,
      prefer: 'shortest',
    });
    expect(sent.status).toBe(201);
    t.clock.advance(5_000);
    const now = t.clock();

    const lines = await runCommand({ handle: t.database, config: t.config, now }, [
      'delete-account',
      victim.email,
      '--yes',
      '--reason=spam',
    ]);
    expect(lines).toEqual([`Deleted ${victim.username} (account ${victim.me.id}); its home orbit is free`]);

    const again = await loginPlayer(t.app, other);
    const fleets = (await call(t, again, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(fleets.own).toHaveLength(1);
    const fleet = fleets.own[0]!;
    expect(fleet.state).toBe('returning');
    // Turned round where it was at `now`: home after as long again as it had flown.
    const departed = Date.parse(fleet.departed_at);
    expect(Date.parse(fleet.returns_at ?? '')).toBe(now + (now - departed));

    const audit = await t.database.db
      .selectFrom('admin_audit')
      .select(['action', 'target_account_id', 'reason', 'at'])
      .where('target_account_id', '=', victim.me.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'delete_account',
        target_account_id: victim.me.id,
        reason: 'spam',
        at: new Date(now).toISOString(),
      },
    ]);
  });
});

describe('an account named by id', () => {
  it('is nobody beyond what an id column holds, on either database (no query error)', async () => {
    for (const ref of ['99999999999', '2147483648']) {
      await expect(
        runCommand({ handle: t.database, config: t.config, now: t.clock() }, ['suspend', ref, '--yes']),
      ).rejects.toThrow(new CommandError(`No account named ${ref}`));
    }
  });
});
