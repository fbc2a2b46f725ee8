import { expect, test } from '@playwright/test';
import { newPlayer, register } from './helpers';

test('unlocking the geologist for a day takes 10 NMI and raises metal production', async ({ page }) => {
  await register(page, newPlayer('cmd'));
  await page.goto('/commandants');

  const balance = page.getByTestId('nmi-balance');
  await expect(balance).toContainText('100');
  const metalRate = page.locator('[data-resource="1"]').getByText(/\/h$/);
  await expect(metalRate).toBeVisible();
  const rateBefore = await metalRate.textContent();

  const card = page.getByTestId('commandant-1');
  await expect(card.getByText('Expiré')).toBeVisible();
  await card.getByRole('button', { name: 'Débloquer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Continuer' })).toBeDisabled();
  await dialog.getByRole('radio', { name: /1 jour/ }).check();
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await expect(dialog.getByText('Débloquer Géologue pour 1 jour contre 10 NMI ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmer' }).click();

  await expect(page.getByText('Géologue est actif pour 1 jour.')).toBeVisible();
  await expect(card.getByText('Actif', { exact: true })).toBeVisible();
  await expect(card.getByText(/^23h 59m/)).toBeVisible();
  await expect(balance).toContainText('90');
  await expect(metalRate).not.toHaveText(rateBefore ?? '');

  const factories = (await (await page.request.get('/api/v1/me/planet/factories')).json()) as {
    data: { modules: { factory: { id: number }; production_per_hour: number }[] };
  };
  const metal = factories.data.modules.find((item) => item.factory.id === 1)!;
  const me = (await (await page.request.get('/api/v1/me')).json()) as { data: { nmi: number } };
  expect(me.data.nmi).toBe(90);
  expect(metal.production_per_hour).toBeGreaterThan(0);
});

test('an unlock the balance cannot pay is not offered, and a refused unlock shows the failure toast', async ({
  page,
}) => {
  await register(page, newPlayer('cmdx'));
  await page.goto('/commandants');
  await page.getByTestId('commandant-5').getByRole('button', { name: 'Débloquer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /1 an/ })).toBeDisabled();

  // Spend the balance elsewhere so that the dialog's choice is refused by the server.
  await dialog.getByRole('radio', { name: /1 semaine/ }).check();
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  const spent = await page.request.post('/api/v1/me/commandants/1', {
    headers: { 'content-type': 'application/json' },
    data: { time: 2 },
  });
  expect(spent.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText("Une erreur s'est produite lors du déblocage du commandant.")).toBeVisible();
  await expect(dialog).toBeVisible();
});
