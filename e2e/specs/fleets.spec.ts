import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './helpers';
import {
  apiCall,
  buildUpTo,
  registerByApi,
  startEconomyServer,
  type EconomyServer,
} from '../support/economy-server';

/**
 * A fleet from the system screen to the fleets page, and back. The ships are built on a server at
 * speed 1,000,000 (seconds for a shipyard and fighters); the same game then runs at speed 100,
 * where a fighter at 10 % speed flies for 20 seconds or more: long enough to watch it and recall it.
 */
test.describe.configure({ mode: 'serial' });

interface Planet {
  name: string;
  system: { id: number; name: string };
  planet_position: { index: number };
}
interface ShipList {
  modules: { id: number; value: number }[];
}

const dataDir = mkdtempSync(join(tmpdir(), 'starhold-fleets-'));
let server: EconomyServer | undefined;
let attacker: { email: string; password: string };
let target: Planet;

test.afterAll(async () => {
  await server?.stop();
});

test('builds fighters at speed 1,000,000', async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startEconomyServer(1_000_000, dataDir);
  const a = await browser.newContext({ baseURL: server.baseURL });
  const b = await browser.newContext({ baseURL: server.baseURL });
  attacker = await registerByApi(a.request, 'fleet', 1);
  await registerByApi(b.request, 'dock', 1);
  target = (await apiCall<Planet>(b.request, 'GET', '/me/planet')).data;
  await buildUpTo(a.request, 'factories', 3, 1);
  await buildUpTo(a.request, 'buildings', 1, 2);
  await buildUpTo(a.request, 'buildings', 4, 1);
  await buildUpTo(a.request, 'buildings', 3, 1);
  await buildUpTo(a.request, 'buildings', 2, 1);
  await buildUpTo(a.request, 'researchs', 7, 1);
  await expect
    .poll(async () => (await apiCall(a.request, 'POST', '/me/planet/ships/1', { value: 3 })).status, {
      timeout: 20_000,
    })
    .toBeLessThan(300);
  await expect
    .poll(
      async () =>
        (await apiCall<ShipList>(a.request, 'GET', '/me/planet/ships')).data.modules.find((s) => s.id === 1)
          ?.value,
      { timeout: 30_000 },
    )
    .toBe(3);
  await a.close();
  await b.close();
  await server.stop();
  server = undefined;
});

async function signedIn(context: BrowserContext): Promise<void> {
  const response = await apiCall(context.request, 'POST', '/auth/login', {
    email: attacker.email,
    password: attacker.password,
  });
  expect(response.status).toBeLessThan(300);
}

test('sends a fleet from the system screen, follows it on the fleets page and recalls it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  server = await startEconomyServer(100, dataDir);
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'fr-FR',
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript(() => window.localStorage.setItem('starhold.language', 'fr'));
  await signedIn(context);
  const page = await context.newPage();

  await page.goto(`/systems/${target.system.id}`);
  const row = page.getByTestId('planet-row').filter({ hasText: target.name });
  await row.getByRole('button', { name: 'Transporter' }).click();
  const dialog = page.getByRole('dialog', { name: /Envoyer une flotte/ });
  await expect(dialog).toContainText(`${target.system.name} · orbite ${target.planet_position.index}`);
  await expect(dialog.getByRole('combobox', { name: 'Mission' })).toHaveValue('Transporter');
  const send = dialog.getByTestId('dispatch-send');
  await expect(send).toBeDisabled();

  const fighters = dialog.getByRole('textbox', { name: 'Chasseur léger' });
  await fighters.fill('4');
  await expect(dialog.getByText('3 au plus')).toBeVisible();
  await expect(send).toBeDisabled();
  await fighters.fill('2');
  await dialog.getByRole('slider').focus();
  await page.keyboard.press('Home');
  await expect(dialog.getByText('Vitesse : 10 %')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Métal' }).fill('60');
  const preview = dialog.getByTestId('dispatch-preview');
  await expect(preview).toContainText('ua');
  await expect(preview).toContainText('100'); // cargo room of two fighters
  await expect(send).toBeEnabled();
  await send.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Flotte envoyée')).toBeVisible();

  // The system screen has the second layout (no sidebar): the fleets page is one address away.
  await page.goto('/fleets');
  await expect(page.getByRole('link', { name: 'Flottes' })).toHaveAttribute('aria-current', 'page');
  const fleet = page.getByTestId('own-fleet');
  await expect(fleet).toHaveCount(1);
  await expect(fleet).toContainText('Transporter');
  await expect(fleet).toContainText('Aller');
  await expect(fleet).toContainText('2 × Chasseur léger');
  await expect(fleet.getByTestId('fleet-countdown')).toContainText('Arrivée dans');
  await expect(
    fleet.getByRole('link', { name: new RegExp(`^${target.system.name} · orbite`) }),
  ).toHaveAttribute('href', `/systems/${target.system.id}`);

  await fleet.getByRole('button', { name: 'Rappeler' }).click();
  await expect(fleet).toHaveAttribute('data-state', 'returning');
  await expect(fleet).toContainText('Retour');
  await expect(fleet.getByRole('button', { name: 'Rappeler' })).toHaveCount(0);
  await context.close();
});
