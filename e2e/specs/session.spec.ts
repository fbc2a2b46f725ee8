import { expect, test } from '@playwright/test';
import { login, logout, newPlayer, register } from './helpers';

test.describe('session', () => {
  test('a new player registers through the modal, lands home and stays logged in after a reload', async ({ page }) => {
    const player = newPlayer('reg');
    await register(page, player);
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu utilisateur' })).toContainText(player.username);

    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Menu utilisateur' })).toContainText(player.username);
  });

  test('a player logs out, is sent to login, and cannot reach the game until logging in again', async ({ page }) => {
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
});
