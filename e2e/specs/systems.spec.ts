import { type Page } from '@playwright/test';
import { expect, newPlayer, register, test } from './helpers';

interface ListedSystem {
  id: number;
  name: string;
  position: { x: number; y: number };
  security: { name: string };
  connections: number[];
}

const map = (page: Page) => page.getByTestId('systems-map');

async function openMap(page: Page): Promise<ListedSystem[]> {
  await register(page, newPlayer('map'));
  const response = await page.request.get('/api/v1/systems');
  const { data } = (await response.json()) as { data: ListedSystem[] };
  await page.goto('/systems');
  await expect(map(page)).toHaveAttribute('data-detail', /systems|labels|clusters/);
  await page.waitForFunction(() => performance.getEntriesByName('starhold:map-drawn').length > 0);
  return data;
}

/** The transform the canvas was last drawn with (screen = world * k + (x, y), in the map's box). */
async function drawnTransform(page: Page): Promise<{ x: number; y: number; k: number }> {
  const [x = 0, y = 0, k = 1] = ((await map(page).getAttribute('data-transform')) ?? '')
    .split(',')
    .map(Number);
  return { x, y, k };
}

/** Where a system is drawn on the page. */
async function screenPoint(page: Page, system: ListedSystem): Promise<{ x: number; y: number }> {
  const box = (await map(page).boundingBox())!;
  const { x, y, k } = await drawnTransform(page);
  return { x: box.x + system.position.x * k + x, y: box.y + system.position.y * k + y };
}

/** The distance in pixels between a system and the centre of the map. */
async function offCentre(page: Page, system: ListedSystem): Promise<number> {
  const box = (await map(page).boundingBox())!;
  const point = await screenPoint(page, system);
  return Math.hypot(point.x - (box.x + box.width / 2), point.y - (box.y + box.height / 2));
}

/** Waits until the first fit is drawn and nothing moves any more. */
async function settled(page: Page): Promise<void> {
  let before: string | null = null;
  await expect
    .poll(
      async () => {
        const previous = before;
        before = await map(page).getAttribute('data-transform');
        return before !== null && before === previous && before !== '0,0,1';
      },
      { intervals: [250] },
    )
    .toBe(true);
}

async function pickSystem(page: Page, label: string, name: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test.describe('systems map', () => {
  test('draws each system on the canvas in the colour of its security band', async ({ page }) => {
    const systems = await openMap(page);
    await settled(page);
    const expected = { high: [64, 192, 87], low: [253, 126, 20], null: [250, 82, 82] } as const;
    for (const system of systems.slice(0, 5)) {
      const point = await screenPoint(page, system);
      const box = (await map(page).boundingBox())!;
      const pixel = await page.locator('canvas').evaluate(
        (canvas: HTMLCanvasElement, at) => {
          const ratio = canvas.width / canvas.clientWidth;
          return [...canvas.getContext('2d')!.getImageData(at.x * ratio, at.y * ratio, 1, 1).data];
        },
        { x: Math.round(point.x - box.x), y: Math.round(point.y - box.y) },
      );
      const tone = system.security.name as keyof typeof expected;
      const distance = Math.hypot(...expected[tone].map((channel, index) => channel - pixel[index]!));
      // An own system is ringed on top of its dot, and a gate may cross it: near the band's colour.
      expect(distance, `${system.name} (${tone}) drawn as ${pixel.join(',')}`).toBeLessThan(90);
    }
  });

  test('searching a name highlights that system and centres the map on it', async ({ page }) => {
    const systems = await openMap(page);
    await settled(page);
    const lower = systems.map((system) => system.name.toLowerCase());
    // A name that is no part of another name, so the search has exactly one match.
    const target = systems.find((_system, index) =>
      lower.every((other, otherIndex) => otherIndex === index || !other.includes(lower[index]!)),
    );
    if (!target) throw new Error('every name is part of another');
    const before = await offCentre(page, target);

    await page
      .getByRole('textbox', { name: 'Rechercher un système', exact: true })
      .fill(target.name.toLowerCase());
    await expect(map(page)).toHaveAttribute('data-matches', String(target.id));
    await expect(page.getByTestId('search-results')).toContainText('1 système trouvé');
    await expect.poll(() => offCentre(page, target), { timeout: 5000 }).toBeLessThan(4);
    expect(before).toBeGreaterThan(4);
  });

  test('the route finder draws a dashed route between two systems, lists its jumps and clears it', async ({
    page,
  }) => {
    const systems = await openMap(page);
    const [from, to] = [systems[0]!, systems.at(-1)!];
    const find = page.getByRole('button', { name: 'Trouver' });
    await expect(find).toBeDisabled();
    await pickSystem(page, 'Départ', from.name);
    await expect(find).toBeDisabled();
    await pickSystem(page, 'Arrivée', to.name);
    await page.locator('label').filter({ hasText: 'Plus sûr' }).click();
    await expect(page.getByRole('radio', { name: 'Plus sûr' })).toBeChecked();
    await find.click();

    const hops = page.getByTestId('route-hop');
    await expect(hops.first()).toContainText(from.name);
    await expect(hops.last()).toContainText(to.name);
    const hopCount = await hops.count();
    await expect(page.getByTestId('route-jumps')).toHaveText(
      hopCount - 1 === 1 ? '1 saut' : `${hopCount - 1} sauts`,
    );
    await expect(map(page)).toHaveAttribute('data-route-segments', String(hopCount - 1));
    await expect(map(page)).toHaveAttribute('data-route-start', String(from.id));
    await expect(map(page)).toHaveAttribute('data-route-end', String(to.id));

    await page.getByRole('button', { name: 'Effacer' }).click();
    await expect(map(page)).toHaveAttribute('data-route-segments', '0');
    await expect(page.getByTestId('route-result')).toHaveCount(0);
    await expect(find).toBeDisabled();
  });

  test('hovering a system shows its tooltip, and clicking it opens its detail page', async ({ page }) => {
    const systems = await openMap(page);
    await settled(page);
    const target = systems[Math.floor(systems.length / 2)]!;
    const point = await screenPoint(page, target);
    await page.mouse.move(point.x, point.y);
    await expect(page.getByTestId('system-tooltip')).toContainText(target.name);
    await page.mouse.click(point.x, point.y);
    await expect(page).toHaveURL(new RegExp(`/systems/${target.id}$`));
    await expect(page.getByTestId('system-name')).toHaveText(target.name);
    await expect(page.getByText(`ID ${target.id}`)).toBeVisible();
    await expect(page.getByTestId('planet-row').first()).toBeVisible();
  });

  test('dragging moves the map with the pointer, frame by frame', async ({ page }) => {
    const systems = await openMap(page);
    await settled(page);
    const system = systems[0]!;
    const before = await screenPoint(page, system);
    const box = (await map(page).boundingBox())!;
    const start = { x: box.x + 40, y: box.y + box.height - 40 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let step = 1; step <= 5; step += 1) await page.mouse.move(start.x + step * 24, start.y - step * 16);
    // Mid-gesture each move is drawn: the system follows the pointer.
    await expect.poll(async () => (await screenPoint(page, system)).x - before.x).toBeCloseTo(120, 0);
    expect((await screenPoint(page, system)).y - before.y).toBeCloseTo(-80, 0);
    await page.mouse.up();
    const after = await screenPoint(page, system);
    expect(after.x - before.x).toBeCloseTo(120, 0);
    expect(after.y - before.y).toBeCloseTo(-80, 0);
  });

  test('works from the keyboard: arrows move the map, the list of systems in view opens one', async ({
    page,
  }) => {
    const systems = await openMap(page);
    await settled(page);
    await map(page).focus();
    const before = await drawnTransform(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await drawnTransform(page)).x).toBeCloseTo(before.x + 80, 0);
    await page.keyboard.press('Tab');
    const focused = page.locator('[data-system-id]:focus');
    await expect(focused).toBeVisible();
    const id = Number(await focused.getAttribute('data-system-id'));
    const system = systems.find((candidate) => candidate.id === id)!;
    await expect(page.getByTestId('system-tooltip')).toContainText(system.name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/systems/${id}$`));
  });

  test('an unknown system id shows the loading error with a way back to the map', async ({ page }) => {
    await register(page, newPlayer('lost'));
    await page.goto('/systems/987654');
    await expect(page.getByTestId('system-error')).toContainText('Erreur lors du chargement du système');
    await page.getByRole('link', { name: 'Retour à la carte' }).click();
    await expect(page).toHaveURL(/\/systems$/);
  });
});

test.describe('systems map on a phone', () => {
  test.use({ viewport: { width: 375, height: 760 }, hasTouch: true, isMobile: true });

  test('a tap shows the tooltip instead of leaving, and a toggle swaps the map for the sidebar', async ({
    page,
  }) => {
    const systems = await openMap(page);
    await settled(page);
    const target = systems[Math.floor(systems.length / 2)]!;
    let point = await screenPoint(page, target);
    await page.touchscreen.tap(point.x, point.y);
    const tooltip = page.getByTestId('system-tooltip');
    await expect(tooltip).toContainText(target.name);
    await expect(tooltip).toContainText(`${target.connections.length} portail`);
    await expect(page).toHaveURL(/\/systems$/);

    await page.getByTestId('map-view-toggle').getByText('Panneau').click();
    await expect(page.getByRole('textbox', { name: 'Rechercher un système', exact: true })).toBeVisible();
    await expect(map(page)).toBeHidden();
    await page.getByTestId('map-view-toggle').getByText('Carte').click();
    await expect(map(page)).toBeVisible();

    point = await screenPoint(page, target);
    await page.touchscreen.tap(point.x, point.y);
    await page.getByRole('button', { name: 'Voir le système' }).click();
    await expect(page).toHaveURL(new RegExp(`/systems/${target.id}$`));
  });
});
