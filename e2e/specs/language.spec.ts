import { expect, newPlayer, register, test } from './helpers';

test('the language switch in the user menu turns the interface to English and is remembered', async ({
  page,
}) => {
  await register(page, newPlayer('lang'));
  await expect(page.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();

  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByText('Français', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
});
