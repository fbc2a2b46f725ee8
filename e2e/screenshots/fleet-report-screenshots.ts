/**
 * Screenshots of a spy report under its email and of the simulator filled from it (the defender
 * filled, the attacker still empty: its "at least one unit" notice shows), at 1280 and 375 px, in
 * French and English, for a human and an insectoid player (the two race themes). The report and
 * its email are written straight into the data directory's SQLite file (a spy mission takes
 * minutes to fly). Output: e2e/.tmp/screenshots/fleet-reports/. Run after `npm run build`:
 *   npx tsx e2e/screenshots/fleet-report-screenshots.ts
 */
import Database from 'better-sqlite3';
import { call, eachView, outputDir, register, startServer, type Session } from './support';

interface OwnPlanet {
  id: number;
  planet_position: { system_id: number; index: number };
}

/** A report as GET /me/reports/{id} serves it (snake_case keys), large figures to test the widths. */
function spyReport(spy: Session, target: Session, planet: OwnPlanet, at: number) {
  return {
    kind: 'spy',
    at,
    spy_id: spy.id,
    target_id: target.id,
    planet_id: planet.id,
    system_id: planet.planet_position.system_id,
    orbit: planet.planet_position.index,
    score: 9,
    resources: { metal: 12_345_678, crystal: 9_876_543, fuel: 1_234_567 },
    ships: [
      { id: 1, count: 1_250 },
      { id: 7, count: 40 },
    ],
    defenses: [
      { id: 1, count: 320 },
      { id: 2, count: 85 },
    ],
    factories: { 1: 24, 2: 21, 3: 18 },
    buildings: { 1: 12, 2: 8 },
    research: { 11: 9, 12: 7, 13: 8 },
    detected: true,
    probes_lost: 2,
  };
}

const server = await startServer();
try {
  const players = {
    human: await register(server.base, 'Ada_Vance', 1),
    robot: await register(server.base, 'Zrr_Kaal', 2),
  };
  const rival = await register(server.base, 'Orion_Drake', 1);
  const {
    planets: [home],
  } = await call<{ planets: OwnPlanet[] }>(server.base, rival, 'GET', '/me/planets');
  if (!home) throw new Error('the rival has no planet');

  const at = Date.now() - 60_000;
  const db = new Database(server.database);
  const reportIds: Record<string, number> = {};
  const emailIds: Record<string, number> = {};
  for (const [race, session] of Object.entries(players)) {
    const created = new Date(at).toISOString();
    const report = db
      .prepare('insert into reports (account_id, kind, created_at, data) values (?, ?, ?, ?)')
      .run(session.id, 'spy', created, JSON.stringify(spyReport(session, rival, home, at)));
    reportIds[race] = Number(report.lastInsertRowid);
    const email = db
      .prepare('insert into emails (account_id, title, params, created_at) values (?, ?, ?, ?)')
      .run(
        session.id,
        'spy_report',
        JSON.stringify({
          planet_id: home.id,
          target_id: rival.id,
          detected: true,
          report_id: reportIds[race],
        }),
        created,
      );
    emailIds[race] = Number(email.lastInsertRowid);
  }
  db.close();

  const out = outputDir('fleet-reports');
  const failures: string[] = [];
  await eachView(server.base, players, out, async ({ race, language, width, page, shot }) => {
    for (const [name, path, ready] of [
      ['spy-report', `/emails?id=${emailIds[race]}`, 'spy-report'],
      ['simulator', `/simulator?report=${reportIds[race]}`, 'filled-from'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(ready).waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      // The two phone debts of the last session, checked on every shot: nothing of the spy
      // report scrolls sideways, and no notice of the simulator's sides is cut.
      const cut = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '[data-testid="spy-report"] *, section[data-side] [role="alert"], section[data-side] [role="alert"] *',
          ),
        ]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .filter((element) => getComputedStyle(element).overflowX !== 'visible')
          .map((element) => element.getAttribute('aria-label') ?? element.className),
      );
      if (cut.length > 0) failures.push(`${name}-${race}-${language}-${width}: ${cut.join(', ')}`);
      await shot(name);
      // A phone's first screen, readable at full size (the whole page is over 3,000 px tall).
      if (width < 500) await shot(`${name}-top`, false);
    }
  });
  console.log(`Screenshots in ${out}`);
  if (failures.length > 0) throw new Error(`cut or scrolling sideways:\n${failures.join('\n')}`);
} finally {
  server.stop();
}
