import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { registerByApi } from '../support/economy-server';
import { expect, newPlayer, register, test } from './helpers';

/**
 * The operators' console (issue 23): a player is refused; `npm run admin -- promote` through the
 * running server's socket (decision 221) opens it; the operator finds a player, suspends them
 * with a reason (their session ends), grants NMI, reinstates them, and reads it all in the audit
 * log. The console's screenshots are e2e/screenshots/admin-screenshots.ts.
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const baseURL = `http://127.0.0.1:${process.env.STARHOLD_E2E_PORT}`;

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/admin.ts'), ...args],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.STARHOLD_E2E_DATA_DIR, DATABASE_URL: '' },
    },
  );
  return stdout;
}

async function victimSession() {
  const context = await playwrightRequest.newContext({ baseURL });
  // The widest letters: the name (20 characters, no break) must still fit the phone's card.
  const player = await registerByApi(context, 'WMWMWMWMWM', 2);
  return { context, player };
}

async function openAccount(page: Page, search: string) {
  const console = page.getByTestId('admin-search');
  await console.getByRole('textbox', { name: 'Recherche' }).fill(search);
  await console.getByRole('button', { name: 'Chercher' }).click();
  await expect(page.getByTestId('admin-total')).toHaveText('1 compte');
  await page.getByTestId('admin-search').getByRole('link', { name: search }).click();
  await expect(page.getByTestId('admin-account')).toBeVisible();
}

test('a player is refused; a promoted operator suspends, grants NMI and reinstates, all in the audit log', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const operator = newPlayer('op');
  await register(page, operator);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-forbidden')).toHaveText(
    'Cette console est réservée aux opérateurs du jeu.',
  );
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  expect((await page.request.get('/api/v1/admin/accounts')).status()).toBe(403);

  expect(await admin('promote', operator.email, '--reason=e2e operator')).toContain('is now an operator');
  const { context: victimContext, player: victim } = await victimSession();
  const victimName = victim.email.split('@')[0]?.replace('-', '_').slice(0, 20) ?? '';

  await page.goto('/');
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: "Console d'administration" })).toBeVisible();
  await openAccount(page, victimName);

  // Suspend with a reason: the victim's session ends at once.
  await page.getByRole('button', { name: 'Suspendre' }).click();
  const suspend = page.getByRole('dialog');
  await expect(suspend.getByRole('button', { name: 'Suspendre' })).toBeDisabled();
  await suspend.getByRole('textbox', { name: 'Raison' }).fill('bot farming');
  await suspend.getByRole('button', { name: 'Suspendre' }).click();
  await expect(suspend).toBeHidden();
  await expect(
    page.getByTestId('admin-account').getByText('Suspendu', { exact: true }).first(),
  ).toBeVisible();
  expect((await victimContext.get('/api/v1/me')).status()).toBe(401);

  // Grant NMI.
  await page.getByRole('button', { name: 'NMI' }).click();
  const nmi = page.getByRole('dialog');
  await nmi.getByRole('textbox', { name: 'Montant' }).fill('50');
  await nmi.getByRole('textbox', { name: 'Raison' }).fill('apology');
  await nmi.getByRole('button', { name: 'Appliquer' }).click();
  await expect(nmi).toBeHidden();
  await expect(page.getByTestId('admin-nmi')).toHaveText('150');

  // A removal beyond the balance is refused with the catalogue's text, and changes nothing.
  await page.getByRole('button', { name: 'NMI' }).click();
  const remove = page.getByRole('dialog');
  await remove.getByText('Retirer', { exact: true }).click();
  await remove.getByRole('textbox', { name: 'Montant' }).fill('500');
  await remove.getByRole('textbox', { name: 'Raison' }).fill('too much');
  await remove.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByText("Le compte n'a pas autant de NMI à retirer")).toBeVisible();
  await remove.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByTestId('admin-nmi')).toHaveText('150');

  // Reinstate: the victim signs in again.
  await page.getByRole('button', { name: 'Rétablir' }).click();
  const reinstate = page.getByRole('dialog');
  await reinstate.getByRole('textbox', { name: 'Raison' }).fill('appeal accepted');
  await reinstate.getByRole('button', { name: 'Rétablir' }).click();
  await expect(reinstate).toBeHidden();
  await expect(page.getByTestId('admin-account').getByText('Actif', { exact: true }).first()).toBeVisible();
  const again = await victimContext.post('/api/v1/auth/login', {
    headers: { 'content-type': 'application/json' },
    data: { email: victim.email, password: victim.password, remember_me: false },
  });
  expect(again.status()).toBe(200);

  // The audit log shows the three actions with their reasons, newest first.
  const audit = page.getByTestId('admin-account').getByTestId('admin-audit');
  await expect(audit.getByRole('row').nth(1)).toContainText('Rétablissement');
  await expect(audit.getByRole('row').nth(1)).toContainText('appeal accepted');
  await expect(audit.getByRole('row').nth(2)).toContainText('NMI accordés');
  await expect(audit.getByRole('row').nth(3)).toContainText('Suspension');
  await expect(audit.getByRole('row').nth(3)).toContainText('bot farming');
  await victimContext.dispose();

  // On a phone (375 px) the account page's tables are cards: nothing scrolls or is cut sideways.
  await page.setViewportSize({ width: 375, height: 780 });
  await page.reload();
  const account = page.getByTestId('admin-account');
  await expect(account.getByTestId('admin-planets').getByTestId('admin-card')).toHaveCount(1);
  await expect(account.locator('table')).toHaveCount(0);
  await expect(account.getByTestId('admin-audit')).toContainText('bot farming');
  const cut = await account.evaluate((root: HTMLElement): string[] =>
    [root, ...root.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter((element) => getComputedStyle(element).overflowX !== 'visible')
      .map((element) => String(element.className)),
  );
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
