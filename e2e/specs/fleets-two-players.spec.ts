import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './helpers';
import { seedAccounts } from '../support/fleet-seed';
import { apiCall, registerByApi, startEconomyServer, type EconomyServer } from '../support/economy-server';

/**
 * Two players, two browser contexts (issue 20): the defender founds a colony from the system
 * screen and focuses it; the attacker spies on it, attacks it from the spy report's link, the
 * defender sees the warning before the arrival, both read the combat report, the simulator gives
 * the report's outcome from its units, and a recall works.
 *
 * The players are registered on a first server; their levels, ships and resources are then
 * written into its stopped SQLite file (support/fleet-seed.ts, test-only), and the game goes on at
 * speed 500 on the same data directory: a probe flies in about a second, fighters at 20 % in
 * about ten, and nothing depends on build times. Routes with no null-security system are chosen,
 * so no pirate draw can change the story.
 */

const SPEED = 500;

interface Player {
  email: string;
  username: string;
  password: string;
}
interface Planet {
  id: number;
  index: number;
  name: string;
  system: { id: number; name: string };
  planet_position: { system_id: number; index: number };
}
interface SystemItem {
  id: number;
  name: string;
  security: { name: string };
}
interface SystemDetail {
  id: number;
  name: string;
  system_planets: { index: number; planet: unknown }[];
}
interface Email {
  id: number;
  title: string;
  params: string;
}
interface FleetList {
  own: { id: number; mission: number; state: string }[];
  hostile: { id: number; arrives_at: string }[];
}

let server: EconomyServer | undefined;

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(browser: Browser, player: Player, language: 'fr' | 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server!.baseURL,
    locale: language === 'fr' ? 'fr-FR' : 'en-GB',
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript((lang) => window.localStorage.setItem('starhold.language', lang), language);
  const login = await apiCall(context.request, 'POST', '/auth/login', {
    email: player.email,
    password: player.password,
  });
  expect(login.status).toBeLessThan(300);
  return context;
}

/** A low-security system with a free orbit that both home systems reach without crossing null space. */
async function colonyTarget(
  page: Page,
  homes: number[],
): Promise<{ systemId: number; systemName: string; orbit: number }> {
  const systems = (await apiCall<SystemItem[]>(page.request, 'GET', '/systems')).data;
  for (const system of systems.filter((entry) => entry.security.name === 'low')) {
    let safe = true;
    for (const home of homes) {
      const route = (await apiCall<SystemItem[]>(page.request, 'GET', `/systems/${home}/${system.id}`)).data;
      if (route.slice(1).some((hop) => hop.security.name === 'null')) safe = false;
    }
    if (!safe) continue;
    const detail = (await apiCall<SystemDetail>(page.request, 'GET', `/systems/${system.id}`)).data;
    const free = detail.system_planets.find((orbit) => orbit.planet === null);
    if (free) return { systemId: system.id, systemName: system.name, orbit: free.index };
  }
  throw new Error('no low-security system with a free orbit reachable without null space');
}

async function emailOf(page: Page, title: string): Promise<Email | undefined> {
  const emails = (await apiCall<Email[]>(page.request, 'GET', '/me/emails?limit=100')).data;
  return emails.find((email) => email.title === title);
}

test('two players: colony, spy, attack with warning, reports, simulator, recall', async ({ browser }) => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'starhold-fleets-2p-'));

  // Registration on a first server, then the test-only seed while it is stopped.
  server = await startEconomyServer(SPEED, dataDir);
  const setup = await browser.newContext({ baseURL: server.baseURL });
  const attacker = (await registerByApi(setup.request, 'raider', 1)) as Player;
  const setupB = await browser.newContext({ baseURL: server.baseURL });
  const defender = (await registerByApi(setupB.request, 'settler', 1)) as Player;
  await setup.close();
  await setupB.close();
  await server.stop();
  const plenty = { metal: 200_000, crystal: 200_000, fuel: 200_000 };
  seedAccounts(dataDir, [
    {
      // Combustion drive 3, espionage 6 (two above the defender's: the report shows ships,
      // defenses and buildings), computer 3 (four fleets in flight); 20 light fighters and 5 probes.
      username: attacker.username,
      research: { 4: 3, 5: 6, 7: 3 },
      home: {
        modules: [
          { type: 'building', id: 1, value: 2 },
          { type: 'building', id: 2, value: 3 },
          { type: 'building', id: 3, value: 3 },
          { type: 'ship', id: 1, value: 20 },
          { type: 'ship', id: 6, value: 5 },
        ],
        resources: plenty,
      },
    },
    {
      // Astrophysics 1 allows a second planet; a colony ship and two light fighters to settle it.
      username: defender.username,
      research: { 5: 4, 6: 1, 7: 3, 8: 3 },
      home: {
        modules: [
          { type: 'building', id: 1, value: 2 },
          { type: 'building', id: 2, value: 4 },
          { type: 'building', id: 3, value: 3 },
          { type: 'ship', id: 1, value: 2 },
          { type: 'ship', id: 9, value: 1 },
        ],
        resources: plenty,
      },
    },
  ]);
  server = await startEconomyServer(SPEED, dataDir);

  const contextA = await signIn(browser, attacker, 'en');
  const contextB = await signIn(browser, defender, 'fr');
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  const homeA = (await apiCall<Planet>(pageA.request, 'GET', '/me/planet')).data;
  const homeB = (await apiCall<Planet>(pageB.request, 'GET', '/me/planet')).data;
  const target = await colonyTarget(pageB, [homeA.system.id, homeB.system.id]);
  const place = {
    fr: `${target.systemName} · orbite ${target.orbit}`,
    en: `${target.systemName} · orbit ${target.orbit}`,
  };

  await test.step('the defender founds a colony from the system screen and focuses it', async () => {
    await pageB.goto(`/systems/${target.systemId}`);
    const free = pageB.getByTestId('planet-row').filter({ hasText: `Orbite ${target.orbit} · ` });
    await free.getByRole('button', { name: 'Coloniser' }).click();
    const dialog = pageB.getByRole('dialog', { name: /Envoyer une flotte/ });
    await expect(dialog.getByRole('combobox', { name: 'Mission' })).toHaveValue('Coloniser');
    await dialog.getByRole('textbox', { name: 'Vaisseau de colonisation' }).fill('1');
    await dialog.getByRole('textbox', { name: 'Chasseur léger' }).fill('2');
    await expect(dialog.getByTestId('dispatch-preview')).toContainText('ua');
    await dialog.getByTestId('dispatch-send').click();
    await expect(dialog).toBeHidden();

    await expect
      .poll(
        async () => (await apiCall<{ planets: Planet[] }>(pageB.request, 'GET', '/me/planets')).data.planets,
        {
          timeout: 30_000,
        },
      )
      .toHaveLength(2);
  });
  const colony = (await apiCall<{ planets: Planet[] }>(pageB.request, 'GET', '/me/planets')).data.planets[1]!;

  await test.step('the colony shows like the home planet and takes the focus', async () => {
    await pageB.goto('/');
    const column = pageB.locator('aside').getByRole('button').filter({ hasText: colony.name });
    await expect(column).toContainText(target.systemName);
    await column.click();
    await expect(pageB.getByTestId('planet-name')).toHaveText(colony.name);
    await expect(pageB.getByRole('button', { name: 'Planètes' }).first()).toContainText(colony.name);
    expect((await apiCall<Planet>(pageB.request, 'GET', '/me/planet')).data.id).toBe(colony.id);
  });

  await test.step('the attacker spies on the colony from the system screen and reads the report', async () => {
    await pageA.goto(`/systems/${target.systemId}`);
    const row = pageA.getByTestId('planet-row').filter({ hasText: colony.name });
    await row.getByRole('button', { name: 'Spy' }).click();
    const dialog = pageA.getByRole('dialog', { name: /Send a fleet/ });
    await expect(dialog).toContainText(place.en);
    await dialog.getByRole('textbox', { name: 'Espionage probe' }).fill('2');
    await expect(dialog.getByTestId('dispatch-send')).toBeEnabled();
    await dialog.getByTestId('dispatch-send').click();
    await expect(dialog).toBeHidden();

    await expect.poll(() => emailOf(pageA, 'spy_report'), { timeout: 20_000 }).toBeDefined();
    await pageA.goto('/emails');
    await pageA.getByRole('list', { name: 'Inbox' }).getByText('Espionage report').click();
    const report = pageA.getByTestId('spy-report');
    await expect(report.getByRole('heading', { name: `Espionage of ${place.en}` })).toBeVisible();
    // Probes 2 + Δ·|Δ| with Δ = 6 - 4 = 2: score 6, the fleet, defenses and buildings show.
    await expect(report).toContainText('Espionage score: 6');
    await expect(report.getByRole('table', { name: 'Resources' })).toBeVisible();
    await expect(report.getByRole('table', { name: 'Ships' })).toContainText('Light fighter2');
    await expect(report).toContainText('Not revealed: the espionage score is too low.');
  });

  let arrival = 0;
  await test.step('the attacker attacks from the spy report; the defender is warned before the arrival', async () => {
    await pageA.getByTestId('spy-report').getByRole('link', { name: 'Attack' }).click();
    await expect(pageA).toHaveURL(
      new RegExp(`/systems/${target.systemId}\\?orbit=${target.orbit}&action=attack`),
    );
    const dialog = pageA.getByRole('dialog', { name: /Send a fleet/ });
    await expect(dialog.getByRole('combobox', { name: 'Mission' })).toHaveValue('Attack');
    await dialog.getByRole('textbox', { name: 'Light fighter' }).fill('10');
    await dialog.getByRole('slider').focus();
    await pageA.keyboard.press('Home');
    await pageA.keyboard.press('ArrowRight');
    await expect(dialog.getByText('Speed: 20 %')).toBeVisible();
    await expect(dialog.getByTestId('dispatch-send')).toBeEnabled();
    await dialog.getByTestId('dispatch-send').click();
    await expect(dialog).toBeHidden();

    await pageB.goto('/fleets');
    const badge = pageB.getByTestId('hostile-fleets-badge');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('aria-label', new RegExp(`^Flotte hostile vers ${place.fr} : `));
    const hostile = pageB.getByTestId('hostile-fleet');
    await expect(hostile).toContainText('Attaquer');
    await expect(hostile.getByRole('link', { name: place.fr })).toBeVisible();
    const seen = Date.now();
    arrival = Date.parse(
      (await apiCall<FleetList>(pageB.request, 'GET', '/me/fleets')).data.hostile[0]!.arrives_at,
    );
    expect(arrival).toBeGreaterThan(seen);
    // The star map draws the attack heading for B in red (data-fleets: own:hostile).
    await pageB.goto('/systems');
    await expect(pageB.getByTestId('systems-map')).toHaveAttribute('data-fleets', /^\d+:1$/);

    await pageA.goto('/fleets');
    const fleet = pageA.getByTestId('own-fleet').filter({ hasText: 'Attack' });
    await expect(fleet).toHaveAttribute('data-state', 'outbound');
    await expect(fleet.getByRole('link', { name: place.en })).toBeVisible();
    await expect(fleet.getByTestId('fleet-countdown')).toContainText('Arrives in');
    // ... and A's own fleet moving along its route.
    await pageA.goto('/systems');
    await expect(pageA.getByTestId('systems-map')).toHaveAttribute('data-fleets', /^[1-9]\d*:0$/);
  });

  let simulatorUrl = '';
  await test.step('both players read the combat report', async () => {
    await expect.poll(() => emailOf(pageA, 'combat_report'), { timeout: 40_000 }).toBeDefined();
    await pageA.goto('/emails');
    await pageA.getByRole('list', { name: 'Inbox' }).getByText('Combat report').click();
    const report = pageA.getByTestId('combat-report');
    await expect(report.getByRole('heading', { name: `Battle at ${place.en}` })).toBeVisible();
    await expect(report.getByTestId('report-winner')).toHaveText('Attacker wins');
    const fighters = report.getByTestId('attacker-unit').filter({ hasText: 'Light fighter' });
    await expect(fighters.getByRole('cell').nth(1)).toHaveText('10');
    const defenders = report.getByTestId('defender-unit').filter({ hasText: 'Light fighter' });
    await expect(defenders.getByRole('cell').nth(1)).toHaveText('2');
    await expect(defenders.getByRole('cell').last()).toHaveText('2');
    await expect(report.getByRole('table', { name: 'Losses, debris and plunder' })).toContainText(
      'Debris left in orbit',
    );
    simulatorUrl = (await report.getByRole('link', { name: 'Simulate' }).getAttribute('href')) ?? '';

    await expect.poll(() => emailOf(pageB, 'combat_report'), { timeout: 20_000 }).toBeDefined();
    await pageB.goto('/emails');
    await pageB.getByRole('list', { name: 'Boîte de réception' }).getByText('Rapport de combat').click();
    const copy = pageB.getByTestId('combat-report');
    await expect(copy.getByTestId('report-winner')).toHaveText("Victoire de l'attaquant");
    await expect(copy).toContainText('vous défendiez');
    await expect(pageB.getByRole('article')).toContainText(
      `${attacker.username} a attaqué ${defender.username}`,
    );
  });

  await test.step('the simulator reproduces the report from its units', async () => {
    expect(simulatorUrl).toMatch(/^\/simulator\?report=\d+$/);
    await pageA.goto(simulatorUrl);
    await expect(pageA.getByTestId('filled-from')).toContainText(place.en);
    await expect(pageA.getByLabel('Attacker: Light fighter')).toHaveValue('10');
    await expect(pageA.getByLabel('Defender: Light fighter')).toHaveValue('2');
    await pageA.getByLabel('Battles', { exact: true }).fill('20');
    await pageA.getByRole('button', { name: 'Simulate' }).click();
    const results = pageA.getByRole('region', { name: 'Results' });
    await expect(results.locator('[data-outcome="win"]')).toContainText('20 / 20');
  });

  await test.step('a fleet sent to the colony is recalled', async () => {
    await pageA.goto(`/systems/${target.systemId}`);
    await pageA
      .getByTestId('planet-row')
      .filter({ hasText: colony.name })
      .getByRole('button', { name: 'Transport' })
      .click();
    const dialog = pageA.getByRole('dialog', { name: /Send a fleet/ });
    await dialog.getByRole('textbox', { name: 'Light fighter' }).fill('1');
    await dialog.getByRole('slider').focus();
    await pageA.keyboard.press('Home');
    await expect(dialog.getByTestId('dispatch-send')).toBeEnabled();
    await dialog.getByTestId('dispatch-send').click();
    await expect(dialog).toBeHidden();
    await pageA.goto('/fleets');
    const fleet = pageA.getByTestId('own-fleet').filter({ hasText: 'Transport' });
    await expect(fleet).toHaveAttribute('data-state', 'outbound');
    await fleet.getByRole('button', { name: 'Recall' }).click();
    await expect(fleet).toHaveAttribute('data-state', 'returning');
    await expect(fleet.getByRole('button', { name: 'Recall' })).toHaveCount(0);
  });

  await contextA.close();
  await contextB.close();
});
