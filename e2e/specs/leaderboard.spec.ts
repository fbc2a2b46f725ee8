import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { buildUpTo, startEconomyServer, type EconomyServer } from '../support/economy-server';
import { expect, newPlayer, register, test } from './helpers';

/**
 * The leaderboard against a server of its own at speed 1,000,000: research completes at once, so
 * three accounts can hold different science points and sorting by science has an order to show.
 */
test.describe.configure({ mode: 'serial' });

const EXTRA_ACCOUNTS = 30;
/** Research levels given to three of the extra accounts (by index), later ones ranked higher. */
const RESEARCHED: readonly [index: number, level: number][] = [
  [5, 1],
  [12, 2],
  [20, 3],
];

interface RankingRow {
  id: number;
  username: string;
  is_me: boolean;
  science_points: number;
}

let server: EconomyServer;
const usernames: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startEconomyServer(1_000_000);
  // Each account through the public API, alternating races so neither race's home orbits run out.
  for (let i = 0; i < EXTRA_ACCOUNTS; i += 1) {
    const context = await playwrightRequest.newContext({ baseURL: server.baseURL });
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
    usernames.push(player.username);
    const level = RESEARCHED.find(([index]) => index === i)?.[1];
    if (level !== undefined) {
      // Fuel for the Command center, which the Research laboratory needs, which research needs.
      await buildUpTo(context, 'factories', 3, 1);
      await buildUpTo(context, 'buildings', 1, 1);
      await buildUpTo(context, 'buildings', 3, 1);
      await buildUpTo(context, 'researchs', 1, level);
    }
    await context.dispose();
  }
});
test.afterAll(async () => {
  await server.stop();
});

async function ranking(request: APIRequestContext, query: string): Promise<RankingRow[]> {
  return ((await (await request.get(`/api/v1/accounts?${query}`)).json()) as { data: RankingRow[] }).data;
}

test('the leaderboard pages 25 rows at a time on the server, sorts by science points and highlights my row', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR' });
  await context.addInitScript(() => window.localStorage.setItem('starhold.language', 'fr'));
  const page = await context.newPage();
  const player = newPlayer('rank');
  await register(page, player, 'Insectoïde');
  await page.goto('/accounts');

  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  const total = (
    (await (await page.request.get('/api/v1/accounts?limit=1')).json()) as { meta: { total: number } }
  ).meta.total;
  const pages = Math.ceil(total / 25);
  expect(total).toBe(EXTRA_ACCOUNTS + 1);
  await expect(page.getByText(`Page 1 sur ${pages}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Précédent' })).toBeDisabled();

  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText(`Page 2 sur ${pages}`)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  const secondPage = await ranking(page.request, 'offset=25&limit=25');
  await expect(rows.first()).toContainText(secondPage[0]!.username);

  await page.getByRole('button', { name: 'Trier par Science' }).click();
  await expect(page).toHaveURL(/order_by=science_points/);
  await expect(page.getByText(`Page 1 sur ${pages}`)).toBeVisible();
  // The three researchers first, most science first; everyone else has none and follows by id.
  const researchers = [...RESEARCHED].reverse().map(([index]) => usernames[index]!);
  const others = usernames.filter((name) => !researchers.includes(name));
  const bySciencePage = await ranking(page.request, 'order_by=science_points&limit=25');
  expect(bySciencePage.map((row) => row.username)).toEqual([...researchers, ...others].slice(0, 25));
  const points = bySciencePage.slice(0, 4).map((row) => row.science_points);
  expect(points[0]!).toBeGreaterThan(points[1]!);
  expect(points[1]!).toBeGreaterThan(points[2]!);
  expect(points[2]!).toBeGreaterThan(0);
  expect(points[3]).toBe(0);
  for (const [i, username] of [...researchers, others[0]!, others[1]!].entries())
    await expect(rows.nth(i)).toContainText(username);
  await expect(rows.nth(24)).toContainText(bySciencePage[24]!.username);

  // My row is on whichever page the ranking puts it; find it through the API and go there.
  const all = await ranking(page.request, 'order_by=science_points&limit=100');
  const myIndex = all.findIndex((row) => row.is_me);
  await page.goto(`/accounts?page=${Math.floor(myIndex / 25) + 1}&order_by=science_points`);
  const mine = page.locator('tbody tr[data-highlighted]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(player.username);
  await expect(mine).toContainText('Vous');

  await mine.getByRole('link', { name: player.username }).click();
  await expect(page).toHaveURL(/\/accounts\/\d+$/);
  await expect(page.getByRole('heading', { name: player.username })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Planètes', exact: true })).toBeVisible();
  await context.close();
});
