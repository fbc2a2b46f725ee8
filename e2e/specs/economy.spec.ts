import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './helpers';
import {
  apiCall,
  buildUpTo,
  registerByApi,
  startEconomyServer,
  type EconomyServer,
} from '../support/economy-server';

/**
 * Economy screens against servers of their own: speed 20 keeps a metal mine level on screen for
 * about 5 seconds (long enough to watch its countdown and cancel it); speed 1,000,000 fills the
 * hangars at once so that a Shipyard and five fighters take seconds.
 */
test.describe.configure({ mode: 'serial' });

interface Me {
  economy_points: number;
}
interface Planet {
  resources: { resource: { id: number }; value: number }[];
}

async function newPlayer(
  browser: Browser,
  server: EconomyServer,
  tag: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR', viewport });
  await context.addInitScript(() => window.localStorage.setItem('starhold.language', 'fr'));
  await registerByApi(context.request, tag, 1);
  return { context, page: await context.newPage() };
}

async function stock(context: BrowserContext, resourceId: number): Promise<number> {
  const planet = await apiCall<Planet>(context.request, 'GET', '/me/planet');
  return planet.data.resources.find((entry) => entry.resource.id === resourceId)?.value ?? 0;
}

function gauge(page: Page, resourceId: number) {
  return page.locator(`[data-resource="${resourceId}"] [data-testid="gauge-value"]`);
}

test.describe('economy at speed 20', () => {
  let server: EconomyServer;
  test.beforeAll(async () => {
    server = await startEconomyServer(20);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('a new player builds a metal mine and sees the countdown, the gauge and the points change', async ({
    browser,
  }) => {
    const { context, page } = await newPlayer(browser, server, 'mine');
    await page.goto('/planet/factories');
    const mine = page.getByTestId('module-1');
    await expect(mine.getByTestId('module-amount')).toHaveText('niveau 0');
    await expect(gauge(page, 1)).toHaveText(/^50\d \/ 10K$/);

    await page.getByRole('button', { name: 'Développer Mine de métal' }).click();
    const queue = page.getByRole('region', { name: 'Usines en construction' });
    await expect(queue.getByRole('timer')).toBeVisible();
    await expect(queue.getByText('1/3')).toBeVisible();
    await expect(mine.getByTestId('module-amount')).toHaveText('niveau 0 (+1)');
    await expect(gauge(page, 1)).toHaveText(/^44\d \/ 10K$/);

    // The countdown's finish callback refreshes the lists: no reload needed.
    await expect(mine.getByTestId('module-amount')).toHaveText('niveau 1', { timeout: 15_000 });
    await expect(queue.getByText('Aucune construction')).toBeVisible();
    const me = await apiCall<Me>(context.request, 'GET', '/me');
    expect(me.data.economy_points).toBeGreaterThan(0);
    await context.close();
  });

  test('queues a second factory, cancels the running level and gets its cost back', async ({ browser }) => {
    const { context, page } = await newPlayer(browser, server, 'cancel');
    await page.goto('/planet/factories');
    await page.getByRole('button', { name: 'Développer Mine de métal' }).click();
    const queue = page.getByRole('region', { name: 'Usines en construction' });
    await expect(queue.getByText('1/3')).toBeVisible();
    await page.getByRole('button', { name: 'Développer Mine de cristal' }).click();
    await expect(queue.getByText('2/3')).toBeVisible();
    await expect(queue.getByText('En attente de démarrage')).toBeVisible();
    const metalBefore = await stock(context, 1);

    await queue.getByRole('button', { name: 'Annuler Mine de métal' }).click();
    await expect(queue.getByText('1/3')).toBeVisible();
    await expect(queue.getByText('En attente de démarrage')).toHaveCount(0);
    // Refund of 60 metal for the mine, then 48 paid at once for the crystal mine that starts.
    const metalAfter = await stock(context, 1);
    expect(metalAfter - metalBefore).toBeGreaterThanOrEqual(12);
    expect(metalAfter - metalBefore).toBeLessThan(20);
    await expect(gauge(page, 1)).toHaveText(new RegExp(`^${Math.floor(metalAfter / 10)}\\d \\/ 10K$`));
    await context.close();
  });

  test('a start the server refuses shows the insufficient-resources toast', async ({ browser }) => {
    const { context, page } = await newPlayer(browser, server, 'poor');
    // The list is made stale on purpose: the page believes the Command center affordable, the
    // server (0 fuel, 200 needed) refuses the start.
    await page.route('**/api/v1/me/planet/buildings', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { modules: { id: number; can_be_improved: boolean }[] };
      };
      for (const item of body.data.modules) if (item.id === 1) item.can_be_improved = true;
      await route.fulfill({ response, json: body });
    });
    await page.goto('/planet/buildings');
    await page.getByRole('button', { name: 'Développer Centre de commandement' }).click();
    const toast = page.getByRole('alert', { name: 'Erreur' });
    await expect(toast).toContainText("Vous n'avez pas assez de ressources");
    await context.close();
  });

  test('a cost links to the factory of its resource, and closing the detail clears the query string', async ({
    browser,
  }) => {
    const { context, page } = await newPlayer(browser, server, 'links');
    await page.goto('/planet/factories?resource=2');
    const drawer = page.getByRole('dialog', { name: 'Détail' });
    await expect(drawer.getByTestId('detail-name')).toHaveText('Mine de cristal');
    await drawer.getByRole('link', { name: /Métal/ }).click();
    await expect(page).toHaveURL(/\/planet\/factories\?resource=1$/);
    await expect(drawer.getByTestId('detail-name')).toHaveText('Mine de métal');
    await expect(drawer.getByTestId('build-time')).toHaveText('5s');
    await drawer.getByRole('button', { name: 'Fermer' }).click();
    await expect(page).toHaveURL(/\/planet\/factories$/);
    await expect(drawer).toBeHidden();
    await context.close();
  });

  test('mobile width shows the chart at least 600 px wide inside a horizontal scroll', async ({
    browser,
  }) => {
    const { context, page } = await newPlayer(browser, server, 'phone', { width: 375, height: 812 });
    await page.goto('/');
    const box = page.getByTestId('chart-box');
    await expect(box).toBeVisible();
    expect((await box.boundingBox())?.width).toBeGreaterThanOrEqual(600);
    expect((await box.boundingBox())?.height).toBe(300);
    const scroll = page.getByTestId('chart-scroll');
    const overflow = await scroll.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(overflow).toBe(true);
    await context.close();
  });
});

test.describe('economy at speed 1,000,000', () => {
  let server: EconomyServer;
  test.beforeAll(async () => {
    server = await startEconomyServer(1_000_000);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('orders 5 light fighters and sees the owned count rise to 5', async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await newPlayer(browser, server, 'fleet');
    await buildUpTo(context.request, 'factories', 3, 1);
    await buildUpTo(context.request, 'buildings', 1, 2);
    await buildUpTo(context.request, 'buildings', 4, 1);
    await buildUpTo(context.request, 'buildings', 3, 1);
    await buildUpTo(context.request, 'buildings', 2, 1);
    await buildUpTo(context.request, 'researchs', 7, 1);
    await expect.poll(() => stock(context, 1), { timeout: 20_000 }).toBeGreaterThanOrEqual(15_000);

    await page.goto('/planet/ships');
    const fighter = page.getByTestId('module-1');
    await expect(fighter.getByTestId('module-amount')).toHaveText('0 possédé');
    await page.getByRole('button', { name: 'Commander Chasseur léger' }).click();
    const modal = page.getByRole('dialog', { name: 'Commander : Chasseur léger' });
    await modal.getByRole('textbox', { name: 'Quantité' }).fill('5');
    await modal.getByRole('button', { name: 'Confirmer' }).click();
    await expect(modal).toBeHidden();

    const queue = page.getByRole('region', { name: 'Vaisseaux en construction' });
    await expect(queue.getByText(/\/5 livrés/)).toBeVisible();
    await expect(queue.getByRole('button', { name: /Annuler/ })).toHaveCount(0);
    await expect(fighter.getByTestId('module-amount')).toHaveText('5 possédés', { timeout: 30_000 });
    await context.close();
  });
});
