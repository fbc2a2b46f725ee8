import { type APIRequestContext } from '@playwright/test';
import { expect, newPlayer, register, test } from './helpers';

/** The default e2e server's GAME_SPEED (e2e/playwright.config.ts). */
const GAME_SPEED = 100;
/** Passive production per hour at level 0, before bonuses (GAME_RULES section 4): metal, crystal, fuel. */
const PASSIVE = { 1: 30, 2: 15, 3: 0 } as const;

interface ProductionReads {
  planet: Record<number, number>;
  metalMine: number;
}

/** Production per hour of each resource on the planet, and the metal mine's own figure. */
async function production(request: APIRequestContext): Promise<ProductionReads> {
  const planet = (await (await request.get('/api/v1/me/planet')).json()) as {
    data: { resources: { resource: { id: number }; production_per_hour: number }[] };
  };
  const factories = (await (await request.get('/api/v1/me/planet/factories')).json()) as {
    data: { modules: { factory: { id: number }; level: number; production_per_hour: number }[] };
  };
  const metalMine = factories.data.modules.find((item) => item.factory.id === 1)!;
  expect(metalMine.level).toBe(0);
  return {
    planet: Object.fromEntries(
      planet.data.resources.map((item) => [item.resource.id, item.production_per_hour]),
    ),
    metalMine: metalMine.production_per_hour,
  };
}

test('unlocking the geologist for a day takes 10 NMI and raises metal production', async ({ page }) => {
  await register(page, newPlayer('cmd'));
  await page.goto('/commandants');

  const balance = page.getByTestId('nmi-balance');
  await expect(balance).toContainText('100');
  const metalRate = page.locator('[data-resource="1"]').getByText(/\/h$/);
  await expect(metalRate).toBeVisible();
  const rateBefore = await metalRate.textContent();
  const before = await production(page.request);

  const card = page.getByTestId('commandant-1');
  await expect(card.getByText('Recrutable')).toBeVisible();
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

  const me = (await (await page.request.get('/api/v1/me')).json()) as { data: { nmi: number } };
  expect(me.data.nmi).toBe(90);

  // Bonuses add up (GAME_RULES section 4): +10% adds a tenth of the base production, which at
  // level 0 is the passive one, whatever the planet type's bonus; fuel has none to raise.
  const after = await production(page.request);
  for (const id of [1, 2, 3] as const)
    expect(after.planet[id]! - before.planet[id]!, `resource ${id}`).toBeCloseTo(
      PASSIVE[id] * 0.1 * GAME_SPEED,
      6,
    );
  expect(after.metalMine - before.metalMine).toBeCloseTo(PASSIVE[1] * 0.1 * GAME_SPEED, 6);
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
