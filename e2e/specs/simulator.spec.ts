import { expect, newPlayer, register, test } from './helpers';

test('the simulator runs battles in a worker and shows the shares', async ({ page }) => {
  await register(page, newPlayer('sim'));
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Simulateur' })
    .click();
  await expect(page).toHaveURL(/\/simulator$/);
  await expect(page.getByRole('heading', { name: 'Simulateur de combat' })).toBeVisible();

  const run = page.getByRole('button', { name: 'Simuler' });
  await expect(run).toBeDisabled();
  await page.getByLabel('Attaquant : Cuirassé').fill('50');
  await page.getByLabel('Attaquant : Grand transporteur').fill('2');
  await page.getByLabel('Défenseur : Lanceur de missiles').fill('10');
  await page.getByLabel('Stock du défenseur : Métal').fill('100000');
  await page.getByLabel('Combats', { exact: true }).fill('20');
  await expect(run).toBeEnabled();

  const worker = page.waitForEvent('worker');
  await run.click();
  await worker;
  const results = page.getByRole('region', { name: 'Résultats' });
  await expect(results.getByText(/^Combats simulés : 20 · rounds en moyenne : [\d,]+$/)).toBeVisible();
  await expect(results.locator('[data-outcome="win"]')).toContainText(/100\s?%/);
  await expect(results.locator('[data-outcome="win"]')).toContainText('20 / 20');
  await expect(results.locator('[data-outcome="loss"]')).toContainText(/0\s?%/);
  // Half the defender's metal: the survivors' hold (52,500) is larger.
  await expect(results.locator('[data-row="plunder"]')).toContainText(/50\s000/);

  // A change of input marks the results as out of date until the next run.
  await page.getByLabel('Défenseur : Lanceur de missiles').fill('12');
  await expect(results.getByText('Saisie modifiée depuis')).toBeVisible();
  await run.click();
  await expect(results.getByText('Saisie modifiée depuis')).toBeHidden();
});

test('a long simulation shows its progress, keeps the page usable and ends its worker on a change', async ({
  page,
}) => {
  await register(page, newPlayer('simlong'));
  await page.goto('/simulator');
  await page.getByLabel('Attaquant : Chasseur léger').fill('200000');
  await page.getByLabel('Défenseur : Lanceur de missiles').fill('200000');
  await page.getByLabel('Combats', { exact: true }).fill('200');

  const started = page.waitForEvent('worker');
  await page.getByRole('button', { name: 'Simuler' }).click();
  const worker = await started;
  const closed = new Promise<void>((resolve) => worker.once('close', () => resolve()));
  await expect(page.getByRole('status')).toContainText(/Combat \d+ sur 200/);

  // The battles run off the main thread: typing still works while they do.
  const weapons = page.getByLabel('Attaquant : Technologie des armes');
  await weapons.fill('5');
  await expect(weapons).toHaveValue('5');
  await expect(page.getByRole('status')).toBeHidden();
  await closed;
  await expect(page.getByRole('button', { name: 'Simuler' })).toBeEnabled();
});
