import { type Page } from '@playwright/test';
import { expect, newPlayer, register, test } from './helpers';

interface ListedSystem {
  id: number;
  name: string;
  position: { x: number; y: number };
  connections: number[];
}

async function openMap(page: Page): Promise<ListedSystem[]> {
  await register(page, newPlayer('map'));
  const response = await page.request.get('/api/v1/systems');
  const { data } = (await response.json()) as { data: ListedSystem[] };
  await page.goto('/systems');
  await expect(page.locator('[data-system-id]')).toHaveCount(data.length);
  return data;
}

/** The distance in pixels between a node's centre and the centre of the map. */
async function offCentre(page: Page, systemId: number): Promise<number> {
  const map = await page.getByTestId('systems-map').boundingBox();
  const node = await page.locator(`[data-system-id="${systemId}"]`).boundingBox();
  if (!map || !node) return Number.POSITIVE_INFINITY;
  return Math.hypot(
    node.x + node.width / 2 - (map.x + map.width / 2),
    node.y + node.height / 2 - (map.y + map.height / 2),
  );
}

async function pickSystem(page: Page, label: string, name: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test.describe('systems map', () => {
  test('searching a name highlights that system and centres the map on it', async ({ page }) => {
    const systems = await openMap(page);
    const lower = systems.map((system) => system.name.toLowerCase());
    // A name that is no part of another name, so the search has exactly one match.
    const target = systems.find((_system, index) =>
      lower.every((other, otherIndex) => otherIndex === index || !other.includes(lower[index]!)),
    );
    if (!target) throw new Error('every name is part of another');
    const before = await offCentre(page, target.id);

    await page.getByRole('textbox', { name: 'Rechercher un système' }).fill(target.name.toLowerCase());
    await expect(page.locator(`[data-match-id="${target.id}"]`)).toHaveCount(1);
    await expect(page.getByTestId('search-results')).toContainText('1 système trouvé');
    await expect.poll(() => offCentre(page, target.id), { timeout: 5000 }).toBeLessThan(4);
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
    await expect(page.locator('[data-route-segment]')).toHaveCount(hopCount - 1);
    await expect(page.locator(`[data-route-start="${from.id}"]`)).toHaveCount(1);
    await expect(page.locator(`[data-route-end="${to.id}"]`)).toHaveCount(1);

    await page.getByRole('button', { name: 'Effacer' }).click();
    await expect(page.locator('[data-route-segment]')).toHaveCount(0);
    await expect(page.getByTestId('route-result')).toHaveCount(0);
    await expect(find).toBeDisabled();
  });

  test('clicking a system opens its detail page', async ({ page }) => {
    const systems = await openMap(page);
    const target = systems[Math.floor(systems.length / 2)]!;
    await page.locator(`[data-system-id="${target.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/systems/${target.id}$`));
    await expect(page.getByTestId('system-name')).toHaveText(target.name);
    await expect(page.getByText(`ID ${target.id}`)).toBeVisible();
    await expect(page.getByTestId('planet-row').first()).toBeVisible();
  });

  test('dragging moves the whole map with the pointer, and it is drawn in place when released', async ({
    page,
  }) => {
    const systems = await openMap(page);
    const node = page.locator(`[data-system-id="${systems[0]!.id}"]`);
    const world = page.getByTestId('map-world');
    // The first frame with a size fits the universe into the view: wait until that is drawn and
    // nothing moves any more, so the drag is the only thing that moves the map.
    let drawnBefore: string | null = null;
    await expect
      .poll(
        async () => {
          const previous = drawnBefore;
          drawnBefore = await world.getAttribute('transform');
          return (
            drawnBefore !== null && drawnBefore === previous && drawnBefore !== 'translate(400,400) scale(1)'
          );
        },
        { intervals: [250] },
      )
      .toBe(true);
    const before = (await node.boundingBox())!;
    const map = (await page.getByTestId('systems-map').boundingBox())!;
    const start = { x: map.x + 40, y: map.y + map.height - 40 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let step = 1; step <= 5; step += 1) await page.mouse.move(start.x + step * 24, start.y - step * 16);

    // Mid-gesture the drawn picture moves as one layer: the node follows the pointer.
    const during = (await node.boundingBox())!;
    expect(during.x - before.x).toBeCloseTo(120, 0);
    expect(during.y - before.y).toBeCloseTo(-80, 0);
    expect(await world.getAttribute('transform')).toBe(drawnBefore);

    await page.mouse.up();
    // Released, the move is drawn into the SVG and the layer transform is gone.
    await expect(world).not.toHaveAttribute('transform', drawnBefore!);
    const svgTransform = await page
      .locator('[data-labels]')
      .evaluate((element) => (element as SVGElement).style.transform);
    expect(svgTransform).toBe('');
    const after = (await node.boundingBox())!;
    expect(after.x - before.x).toBeCloseTo(120, 0);
    expect(after.y - before.y).toBeCloseTo(-80, 0);
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
    const target = systems[Math.floor(systems.length / 2)]!;
    await page.locator(`[data-system-id="${target.id}"]`).tap();
    const tooltip = page.getByTestId('system-tooltip');
    await expect(tooltip).toContainText(target.name);
    await expect(tooltip).toContainText(`${target.connections.length} portail`);
    await expect(page).toHaveURL(/\/systems$/);

    await page.getByTestId('map-view-toggle').getByText('Panneau').click();
    await expect(page.getByRole('textbox', { name: 'Rechercher un système' })).toBeVisible();
    await expect(page.getByTestId('systems-map')).toBeHidden();
    await page.getByTestId('map-view-toggle').getByText('Carte').click();
    await expect(page.getByTestId('systems-map')).toBeVisible();

    await page.locator(`[data-system-id="${target.id}"]`).tap();
    await page.getByRole('button', { name: 'Voir le système' }).click();
    await expect(page).toHaveURL(new RegExp(`/systems/${target.id}$`));
  });
});
