import { expect, login, logout, newPlayer, register, test } from './helpers';

test.describe('session', () => {
  test('a new player registers through the modal, lands home and stays logged in after a reload', async ({
    page,
  }) => {
    const player = newPlayer('reg');
    await register(page, player);
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu utilisateur' })).toContainText(player.username);

    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Menu utilisateur' })).toContainText(player.username);
  });

  test('a player logs out, is sent to login, and cannot reach the game until logging in again', async ({
    page,
  }) => {
    const player = newPlayer('out');
    await register(page, player);
    await logout(page);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);

    await login(page, player);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
    await expect(page.getByText(player.email)).toBeVisible();
  });

  test('two tabs whose access token expired together take turns to refresh and both stay logged in', async ({
    page,
    context,
  }) => {
    const player = newPlayer('tabs');
    await register(page, player);
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();

    // Refresh calls wait at a barrier until the other tab's arrives (or 3 s pass), so that two tabs
    // refreshing on their own would both spend the same refresh token at the same instant.
    let waiting: (() => void)[] = [];
    const presented: string[] = [];
    await context.route('**/api/v1/auth/refresh', async (route) => {
      presented.push(
        /refresh_token=([^;]+)/.exec((await route.request().headerValue('cookie')) ?? '')?.[1] ?? 'none',
      );
      await new Promise<void>((release) => {
        waiting.push(release);
        if (waiting.length === 2) {
          for (const go of waiting) go();
          waiting = [];
        } else {
          setTimeout(() => {
            waiting = waiting.filter((go) => go !== release);
            release();
          }, 3_000);
        }
      });
      await route.continue();
    });

    // What 15 minutes do to both tabs at once: the access cookie is gone, the refresh cookie stays.
    // The tabs leave the app first: a late call of the pages about to unload (the dashboard's
    // after-paint reads) would otherwise meet the 401 and start a refresh the reload then cuts
    // short, its token recorded below but never spent, and the new page would rightly present it
    // again.
    await Promise.all([page.goto('about:blank'), other.goto('about:blank')]);
    await context.clearCookies({ name: 'auth_token' });
    await Promise.all([page.goto('/'), other.goto('/')]);
    // Tabs taking turns each hold their refresh at the barrier for its 3 s: up to 6 s before the
    // second tab's page can load, longer than the default wait on a busy machine.
    for (const tab of [page, other]) {
      await expect(tab.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible({ timeout: 20_000 });
      await expect(tab).toHaveURL(/\/$/);
    }
    // One refresh, or one per tab taken in turn, each with the token the one before left: never
    // the same token twice (which the server reads as theft and answers by ending the session).
    expect(presented.length).toBeGreaterThan(0);
    expect(new Set(presented).size).toBe(presented.length);
    await context.unroute('**/api/v1/auth/refresh');
    // The session survived: a refresh token spent twice would have revoked it.
    await other.reload();
    await expect(other.getByRole('button', { name: 'Menu utilisateur' })).toContainText(player.username);
  });

  test('a wrong password shows the login error toast and stays on the login page', async ({ page }) => {
    const player = newPlayer('bad');
    await register(page, player);
    await logout(page);

    await login(page, { email: player.email, password: 'WrongPass9' });
    const toast = page.getByRole('alert').filter({ hasText: 'Erreur' });
    await expect(toast).toContainText(/Email ou mot de passe inconnu \(code: \d+\)/);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an anonymous visitor of a game page is sent to login', async ({ page }) => {
    await page.goto('/planet/factories');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  });

  test("after a password change in one browser, the other browser's next call is a 401 and lands on login", async ({
    page,
    browser,
  }) => {
    const player = newPlayer('pwd');
    await register(page, player);
    const other = await browser.newContext({ locale: 'fr-FR' });
    const otherPage = await other.newPage();
    await login(otherPage, player);
    await expect(otherPage).toHaveURL(/\/$/);
    await expect(otherPage.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    // Every answer the other browser gets from here on (its live stream's too).
    const answers: number[] = [];
    otherPage.on('response', (response) => {
      if (response.url().includes('/api/v1/')) answers.push(response.status());
    });

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Changer le mot de passe' });
    await modal.getByRole('textbox', { name: 'Mot de passe actuel' }).fill(player.password);
    await modal.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('Galaxy2026');
    await modal.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Galaxy2026');
    await modal.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(modal.getByText('Mot de passe changé')).toBeVisible();

    // The other browser's next call: 401, its refresh refused, and the login screen. The server
    // also ends its live stream with the session (decision 243), whose reconnection is refused the
    // same way: on a busy machine that can land it on login before the click, which then has no
    // link to click.
    const landed = otherPage.waitForURL(/\/login$/);
    await Promise.race([landed, otherPage.getByRole('link', { name: 'Classement' }).first().click()]);
    await landed;
    await expect(otherPage.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(answers).toContain(401);
    await other.close();

    // This browser stays signed in.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  });
});
