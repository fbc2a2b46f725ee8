import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export interface Player {
  email: string;
  username: string;
  password: string;
}

/** A fresh player per test: the database is shared by the whole run. */
export function newPlayer(tag: string): Player {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return {
    email: `${tag}-${suffix}@example.org`,
    username: `${tag}_${suffix}`.slice(0, 20),
    password: 'Starship1',
  };
}

export async function register(page: Page, player: Player, raceLabel = 'Humain'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: "S'inscrire" }).click();
  const modal = page.getByRole('dialog', { name: 'Créer un compte' });
  await modal.getByRole('textbox', { name: 'Email' }).fill(player.email);
  await modal.getByRole('textbox', { name: "Nom d'utilisateur" }).fill(player.username);
  await modal.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(player.password);
  await modal.getByRole('textbox', { name: 'Confirmer le mot de passe', exact: true }).fill(player.password);
  await modal.getByRole('combobox', { name: 'Race' }).click();
  await page.getByRole('option', { name: raceLabel }).click();
  await modal.getByRole('checkbox').check();
  await modal.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function login(page: Page, player: Pick<Player, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(player.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const CSP_MESSAGE = /Content Security Policy/i;

/**
 * Playwright's `test` with one automatic fixture: every page of the test's browser contexts is
 * watched, and a console message or page error mentioning a Content Security Policy violation
 * fails the test (decision 156). Specs import `test` and `expect` from here.
 */
export const test = base.extend<{ cspWatch: undefined }>({
  cspWatch: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (CSP_MESSAGE.test(message.text())) violations.push(message.text());
        });
        page.on('pageerror', (error) => {
          if (CSP_MESSAGE.test(error.message)) violations.push(error.message);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      // Specs that open contexts of their own (economy.spec.ts) are watched as well.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        opened.on('page', watch);
        return opened;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content Security Policy violations in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
