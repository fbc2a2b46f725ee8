import { expect, newPlayer, register, test } from './helpers';

test('reading the welcome email marks it read and the unread count drops in the inbox, the header and /me', async ({
  page,
}) => {
  const player = newPlayer('mail');
  await register(page, player);

  const bell = page.getByRole('button', { name: 'Notifications' });
  await bell.click();
  const welcome = page.getByRole('menuitem', {
    name: new RegExp(`Bienvenue dans la flotte, ${player.username}`),
  });
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('menuitem', { name: 'Voir tous les messages' }).click();
  await expect(page).toHaveURL(/\/emails$/);
  await expect(page.getByText('Aucun message sélectionné')).toBeVisible();
  await expect(page.getByText('1 non lu')).toBeVisible();

  await page
    .getByRole('list', { name: 'Boîte de réception' })
    .getByRole('button', { name: /Bienvenue dans la flotte/ })
    .click();
  await expect(page).toHaveURL(/\/emails\?id=\d+$/);
  const article = page.getByRole('article');
  await expect(article.getByText('Amirale Elena Vega')).toBeVisible();
  await expect(article.getByText(`Commandant ${player.username},`, { exact: false })).toBeVisible();

  await expect(page.getByText('1 non lu')).toBeHidden();
  await expect(page.getByText('Non lu', { exact: true })).toBeHidden();
  const me = await page.request.get('/api/v1/me');
  expect(((await me.json()) as { data: { email_not_read_count: number } }).data.email_not_read_count).toBe(0);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('Aucun message non lu')).toBeVisible();
});

test('the inbox filter keeps the emails whose translated title contains the text', async ({ page }) => {
  await register(page, newPlayer('filt'));
  await page.goto('/emails');
  const list = page.getByRole('list', { name: 'Boîte de réception' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Filtrer par titre' }).fill('FLOTTE');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Filtrer par titre' }).fill('rapport');
  await expect(list.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByText('Aucun message ne correspond à « rapport ».')).toBeVisible();
});
