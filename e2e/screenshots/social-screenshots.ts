/**
 * Screenshots of the emails, leaderboard, public profile and commandants screens against a real
 * server (apps/server/dist, apps/web/dist) on a throw-away SQLite data directory: at 1280 and
 * 375 px, in French and English, for a human and an insectoid player (the two race themes).
 * Output: e2e/.tmp/screenshots/social/. Run after `npm run build`:
 *   npx tsx e2e/screenshots/social-screenshots.ts
 */
import Database from 'better-sqlite3';
import { call, eachView, outputDir, register, startServer } from './support';

const RIVALS: ReadonlyArray<readonly [string, 1 | 2, number, number, number]> = [
  ['Orion_Drake', 1, 120_400, 64_800, 88_120],
  ['Hive_Mother', 2, 98_210, 12_300, 142_900],
  ['Lyra_Sol', 1, 64_000, 91_500, 4_200],
  ['Kxx_Tarr', 2, 45_600, 22_100, 31_400],
  ['Nadia_Okoro', 1, 22_950, 18_400, 9_800],
  ['Vex_Prime', 2, 8_120, 2_300, 14_750],
  ['Mira_Quill', 1, 3_410, 980, 0],
];

const server = await startServer();
try {
  const players = {
    human: await register(server.base, 'Ada_Vance', 1),
    robot: await register(server.base, 'Zrr_Kaal', 2),
  };
  const rivals: number[] = [];
  for (const [name, race] of RIVALS) rivals.push((await register(server.base, name, race)).id);

  // Rivals never play, so their stored points stay as set (nothing schedules a settling for them).
  const db = new Database(server.database);
  const update = db.prepare(
    'update accounts set economy_points = ?, science_points = ?, military_points = ?, total_points = ? where id = ?',
  );
  RIVALS.forEach(([, , economy, science, military], index) =>
    update.run(economy, science, military, economy + science + military, rivals[index]),
  );
  db.close();

  const welcomeIds: Record<string, number> = {};
  for (const [race, session] of Object.entries(players)) {
    await call(server.base, session, 'POST', '/me/commandants/1', { time: 2 });
    await call(server.base, session, 'POST', '/me/commandants/4', { time: 1 });
    const inbox = await call<{ id: number; title: string }[]>(server.base, session, 'GET', '/me/emails');
    const welcome = inbox.find((email) => email.title === 'welcome');
    if (!welcome) throw new Error('no welcome email');
    welcomeIds[race] = welcome.id;
  }

  const out = outputDir('social');
  await eachView(server.base, players, out, async ({ race, width, page, shot }) => {
    const shots: Array<[string, string]> = [
      ['emails', width > 500 ? `/emails?id=${welcomeIds[race]}` : '/emails'],
      ['email-open', `/emails?id=${welcomeIds[race]}`],
      ['leaderboard', '/accounts'],
      ['profile', `/accounts/${rivals[0]}`],
      ['commandants', '/commandants'],
    ];
    for (const [name, path] of shots) {
      if (name === 'email-open' && width > 500) continue;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      await shot(name);
    }
  });
  console.log(`Screenshots in ${out}`);
} finally {
  server.stop();
}
