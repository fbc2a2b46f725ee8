import { expect, request as playwrightRequest, test } from '@playwright/test';
import { newPlayer, register } from './helpers';

const EXTRA_ACCOUNTS = 30;

interface RankingRow {
  id: number;
  username: string;
  is_me: boolean;
}

test.beforeAll(async ({ baseURL }) => {
  // Each account through the public API, alternating races so neither race's home orbits run out.
  for (let i = 0; i < EXTRA_ACCOUNTS; i += 1) {
    const context = await playwrightRequest.newContext({ baseURL });
    const player = newPlayer(`lb${i}`);
    const response = await context.post('/api/v1/auth/register', {
      headers: { 'content-type': 'application/json' },
      data: {
        email: player.email,
        username: player.username,
        password: player.password,
        race_id: i % 2 === 0 ? 2 : 1,
      },
    });
    expect(response.status()).toBe(201);
    await context.dispose();
  }
});

test('the leaderboard pages 25 rows at a time on the server, sorts by a points column and highlights my row', async ({
  page,
}) => {
  const player = newPlayer('rank');
  await register(page, player, 'Insectoïde');
  await page.goto('/accounts');

  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  const total = (
    (await (await page.request.get('/api/v1/accounts?limit=1')).json()) as { meta: { total: number } }
  ).meta.total;
  const pages = Math.ceil(total / 25);
  expect(total).toBeGreaterThanOrEqual(EXTRA_ACCOUNTS + 1);
  await expect(page.getByText(`Page 1 sur ${pages}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Précédent' })).toBeDisabled();

  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText(`Page 2 sur ${pages}`)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  const secondPage = (
    (await (await page.request.get('/api/v1/accounts?offset=25&limit=25')).json()) as { data: RankingRow[] }
  ).data;
  await expect(rows.first()).toContainText(secondPage[0]!.username);

  await page.getByRole('button', { name: 'Trier par Science' }).click();
  await expect(page).toHaveURL(/order_by=science_points/);
  await expect(page.getByText(`Page 1 sur ${pages}`)).toBeVisible();
  const bySciencePage = (
    (await (await page.request.get('/api/v1/accounts?order_by=science_points&limit=25')).json()) as {
      data: RankingRow[];
    }
  ).data;
  await expect(rows.first()).toContainText(bySciencePage[0]!.username);
  await expect(rows.nth(24)).toContainText(bySciencePage[24]!.username);

  // My row is on whichever page the ranking puts it; find it through the API and go there.
  const all = (
    (await (await page.request.get(`/api/v1/accounts?order_by=science_points&limit=100`)).json()) as {
      data: RankingRow[];
    }
  ).data;
  const myIndex = all.findIndex((row) => row.is_me);
  await page.goto(`/accounts?page=${Math.floor(myIndex / 25) + 1}&order_by=science_points`);
  const mine = page.locator('tbody tr[data-highlighted]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(player.username);
  await expect(mine).toContainText('Vous');

  await mine.getByRole('link', { name: player.username }).click();
  await expect(page).toHaveURL(/\/accounts\/\d+$/);
  await expect(page.getByRole('heading', { name: player.username })).toBeVisible();
  await expect(page.getByText('Planètes', { exact: true })).toBeVisible();
});
