import { expect, newPlayer, register, test } from './helpers';

const MODULE_PAGES = [
  '/planet/factories',
  '/planet/buildings',
  '/planet/ships',
  '/planet/defenses',
  '/account/research',
];

test('the queue count and pending badges show their whole text on every module page at 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await register(page, newPlayer('qbadge'));
  for (const path of MODULE_PAGES) {
    await page.goto(path);
    const badge = page.getByTitle(/File de \d+ au maximum/);
    await expect(badge).toHaveText(/^\d+\/\d+$/);
    // An ellipsis leaves the text wider than its box.
    const cut = await badge.evaluate((element) =>
      [element, ...element.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth),
    );
    expect(cut, path).toBe(false);
  }
  // A level under way puts a pending badge on its card, beside the quick upgrade button.
  await page.goto('/planet/factories');
  await page.getByRole('button', { name: 'Développer Mine de métal' }).click();
  const pending = page.getByTestId('module-pending').first();
  await expect(pending).toHaveText('1 en cours');
  const cut = await pending.evaluate((element) =>
    [element, ...element.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth),
  );
  expect(cut).toBe(false);
});
