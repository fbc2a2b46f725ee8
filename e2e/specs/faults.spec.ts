import { type Page, type Route } from '@playwright/test';
import { expect, newPlayer, register, test } from './helpers';

/**
 * Figure 9 of the reliability battery: the inbox call fails in each way an API can fail (it
 * answers 500, it drops the connection, it never answers); the app shows the matching error
 * toast, and once the API is back the app, never reloaded, navigates and loads the inbox.
 */
const INBOX = /\/api\/v1\/me\/emails(\?|$)/;

/** Opens the inbox and marks the page, so that a later check can tell it was never reloaded. */
async function openInbox(page: Page): Promise<void> {
  await page.goto('/emails');
  await page.evaluate(() => {
    (window as unknown as { faultMarker: boolean }).faultMarker = true;
  });
}

/** The API is back: without a reload, the app navigates and the inbox loads through the menu. */
async function expectAppRecovers(page: Page): Promise<void> {
  await page.unroute(INBOX);
  await page.getByRole('link', { name: 'Starhold' }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('menuitem', { name: 'Voir tous les messages' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Boîte de réception' })
      .getByRole('button', { name: /Bienvenue dans la flotte/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { faultMarker?: boolean }).faultMarker)).toBe(true);
}

function errorToast(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'Erreur' });
}

test.describe('faults of the API', () => {
  test('a 500 answer shows the server error toast with its code, and the inbox loads once the API is back', async ({
    page,
  }) => {
    await register(page, newPlayer('f500'));
    await page.route(INBOX, (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Internal server error', code: 1001, i18n_comment: 'SERVER_ERROR' }),
      }),
    );
    await openInbox(page);
    await expect(errorToast(page).first()).toContainText('Erreur interne du serveur (code: 1001)');
    await expectAppRecovers(page);
  });

  test('a 502 answer in HTML shows a generic error toast, and the inbox loads once the API is back', async ({
    page,
  }) => {
    await register(page, newPlayer('fhtml'));
    await page.route(INBOX, (route: Route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
    );
    await openInbox(page);
    await expect(errorToast(page).first()).toContainText(/\(code: \d+\)/);
    await expectAppRecovers(page);
  });

  test('a dropped connection shows the network error toast, and the inbox loads once the API is back', async ({
    page,
  }) => {
    await register(page, newPlayer('fdrop'));
    await page.route(INBOX, (route: Route) => route.abort('connectionreset'));
    await openInbox(page);
    await expect(errorToast(page).first()).toContainText('Erreur de connexion au serveur (code: 0)');
    await expectAppRecovers(page);
  });

  test('an API that does not answer within 5 seconds shows the timeout toast, and the inbox loads once the API is back', async ({
    page,
  }) => {
    await register(page, newPlayer('fslow'));
    // Held past the client's 5-second time-out, then dropped so that nothing stays pending.
    await page.route(INBOX, async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      await route.abort('timedout').catch(() => undefined);
    });
    await openInbox(page);
    await expect(errorToast(page).first()).toContainText('La requête a pris trop de temps (code: 0)', {
      timeout: 10_000,
    });
    await expectAppRecovers(page);
  });
});
