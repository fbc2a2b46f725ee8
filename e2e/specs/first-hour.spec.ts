import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, newPlayer, register, test } from './helpers';
import { apiCall, registerByApi, startEconomyServer, type EconomyServer } from '../support/economy-server';

/**
 * A new player's first hour (issue 26): the dashboard's goals lead from registration to the first
 * ship, each reward claimed on the way, without a reload and without a dropped item; and a level
 * the planet will not pay at its turn is announced before it is queued, then its drop is pushed
 * as a toast. Speed 1,000,000 makes each level a second; speed 20 keeps a queue long enough to
 * watch an item wait and drop.
 */
test.describe.configure({ mode: 'serial' });

interface Texts {
  panel: string;
  go: string;
  claim: RegExp;
  claimed: string;
  detail: string;
  develop: string;
  order: (ship: string) => string;
  orderTitle: (ship: string) => string;
  quantity: string;
  confirm: string;
  dropped: string;
  count: (claimed: number) => string;
}

const FR: Texts = {
  panel: 'Objectifs',
  go: 'Y aller',
  claim: /^Recevoir la récompense/,
  claimed: 'Récompense reçue',
  detail: 'Détail',
  develop: 'Développer',
  order: (ship) => `Commander ${ship}`,
  orderTitle: (ship) => `Commander : ${ship}`,
  quantity: 'Quantité',
  confirm: 'Confirmer',
  dropped: 'Construction abandonnée',
  count: (claimed) => `${claimed} / 15 reçus`,
};

const EN: Texts = {
  panel: 'Goals',
  go: 'Go there',
  claim: /^Claim the reward/,
  claimed: 'Reward claimed',
  detail: 'Detail',
  develop: 'Develop',
  order: (ship) => `Order ${ship}`,
  orderTitle: (ship) => `Order: ${ship}`,
  quantity: 'Quantity',
  confirm: 'Confirm',
  dropped: 'Construction dropped',
  count: (claimed) => `${claimed} / 15 claimed`,
};

const FIRST_SHIP_GOALS = 12;

/** Counts the page loads of the tab: following the goals must never reload it. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return () => loads;
}

/**
 * Follows the goal panel from the dashboard: "go there", do the step on that screen (a level in
 * the detail drawer the link opens, or one fighter on the ships screen), back to the dashboard by
 * the logo, claim when the goal is reached; until the first ship's reward is claimed.
 */
async function followGoalsToFirstShip(page: Page, texts: Texts, fighter: string): Promise<void> {
  const panel = page.getByRole('region', { name: texts.panel });
  for (let claimed = 0; claimed < FIRST_SHIP_GOALS;) {
    const claim = panel.getByRole('button', { name: texts.claim });
    const go = panel.getByRole('link', { name: texts.go });
    await expect(claim.or(go)).toBeVisible({ timeout: 15_000 });
    if (await claim.isVisible()) {
      await claim.click();
      claimed += 1;
      await expect(page.getByRole('status', { name: texts.claimed }).first()).toBeVisible();
      await expect(panel.getByTestId('goals-count')).toHaveText(texts.count(claimed));
      continue;
    }
    const goal = await panel.getByTestId('next-goal').getAttribute('data-goal');
    const progress = () =>
      panel
        .getByTestId('goal-progress')
        .textContent({ timeout: 1_000 })
        .catch(() => null);
    const before = await progress();
    await go.click();
    if (goal === 'first_ship') {
      await page.getByRole('button', { name: texts.order(fighter) }).click();
      const modal = page.getByRole('dialog', { name: texts.orderTitle(fighter) });
      await modal.getByRole('textbox', { name: texts.quantity }).fill('1');
      await modal.getByRole('button', { name: texts.confirm }).click();
      await expect(modal).toBeHidden();
    } else {
      const drawer = page.getByRole('dialog', { name: texts.detail });
      const develop = drawer.getByRole('button', { name: texts.develop, exact: true });
      await expect(develop).toBeEnabled({ timeout: 15_000 });
      await develop.click();
      await expect(drawer).toBeHidden();
    }
    await page.getByRole('link', { name: 'Starhold' }).click();
    // The level (or the ship) is done within a second or two: its pushed event refreshes the goals.
    await expect
      .poll(async () => (await claim.isVisible()) || (await progress()) !== before, { timeout: 15_000 })
      .toBe(true);
  }
}

async function expectNoDroppedItem(context: BrowserContext): Promise<void> {
  const emails = await apiCall<{ title: string }[]>(context.request, 'GET', '/me/emails?limit=100');
  expect(emails.data.map((email) => email.title)).not.toContain('construction_failed');
}

async function newContext(browser: Browser, server: EconomyServer, language: 'fr' | 'en') {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: language === 'fr' ? 'fr-FR' : 'en-GB',
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript((lang) => window.localStorage.setItem('starhold.language', lang), language);
  return context;
}

test.describe('the goals at speed 1,000,000', () => {
  let server: EconomyServer;
  test.beforeAll(async () => {
    server = await startEconomyServer(1_000_000);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('a new human player registers and follows the goals to the first ship, in French', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await newContext(browser, server, 'fr');
    const page = await context.newPage();
    const loads = countLoads(page);
    await register(page, newPlayer('goalsfr'), 'Humain');
    const loadsAtStart = loads();
    // The bell's idle alerts: the home planet builds nothing yet (and at this speed its hangars fill at once).
    await page.getByRole('button', { name: 'Notifications' }).click();
    const alerts = page.getByTestId('idle-alert');
    await expect(alerts.filter({ hasText: 'Planète mère ne construit rien' })).toBeVisible();
    await expect(alerts.filter({ hasText: /^Hangar plein/ }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await followGoalsToFirstShip(page, FR, 'Chasseur léger');
    const panel = page.getByRole('region', { name: FR.panel });
    await expect(panel.getByTestId('next-goal')).toHaveAttribute('data-goal', 'research_lab_3');
    await expect(page.getByRole('status', { name: FR.dropped })).toHaveCount(0);
    expect(loads()).toBe(loadsAtStart);
    await expectNoDroppedItem(context);
    await context.close();
  });

  test('a new insectoid player follows the goals to the first ship, in English', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await newContext(browser, server, 'en');
    await registerByApi(context.request, 'goalsen', 2);
    const page = await context.newPage();
    const loads = countLoads(page);
    await page.goto('/');
    const loadsAtStart = loads();
    await followGoalsToFirstShip(page, EN, 'Swarm fighter');
    await expect(page.getByRole('region', { name: EN.panel }).getByTestId('next-goal')).toHaveAttribute(
      'data-goal',
      'research_lab_3',
    );
    await expect(page.getByRole('status', { name: EN.dropped })).toHaveCount(0);
    expect(loads()).toBe(loadsAtStart);
    await expectNoDroppedItem(context);
    await context.close();
  });
});

test.describe('no silent losses at speed 20', () => {
  let server: EconomyServer;
  test.beforeAll(async () => {
    server = await startEconomyServer(20);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('queuing a level the planet will not pay at its turn warns first, shows the shortfall, and its drop is pushed as a toast', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await newContext(browser, server, 'fr');
    await registerByApi(context.request, 'drop', 1);
    const page = await context.newPage();
    await page.goto('/planet/factories');
    const queue = page.getByRole('region', { name: 'Usines en construction' });
    const synthesizers = queue.getByTestId('queue-item').filter({ hasText: 'Synthétiseur de carburant' });
    await page.getByRole('button', { name: 'Développer Mine de métal' }).click();
    await expect(queue.getByTestId('queue-item')).toHaveCount(1);
    // Paid at its turn from what is left: no warning.
    await page.getByRole('button', { name: 'Développer Synthétiseur de carburant' }).click();
    await expect(synthesizers).toHaveCount(1);
    await expect(page.getByTestId('queue-warning')).toHaveCount(0);
    // Level 2 needs 337 metal when about 220 are left: the confirmation says what will lack.
    await page.getByRole('button', { name: 'Développer Synthétiseur de carburant' }).click();
    const warning = page.getByTestId('queue-warning');
    await expect(warning).toContainText('Synthétiseur de carburant niveau 2');
    await expect(warning).toContainText(/il manquera \d+ Métal/);
    await page.getByRole('button', { name: 'Ajouter quand même' }).click();
    await expect(synthesizers).toHaveCount(2);
    await expect(queue.getByTestId('queue-shortfall')).toHaveCount(1);
    await expect(queue.getByTestId('queue-shortfall')).toContainText(/il manquera \d+ Métal/);
    // Its turn comes when the first level of the synthesizer ends (about 27 s at speed 20).
    const toast = page.getByRole('status', { name: 'Construction abandonnée' });
    await expect(toast).toBeVisible({ timeout: 60_000 });
    await expect(toast).toContainText('Synthétiseur de carburant niveau 2');
    await expect(queue.getByTestId('queue-item')).toHaveCount(0, { timeout: 10_000 });
    await context.close();
  });
});
