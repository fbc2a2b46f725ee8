import { expect, newPlayer, register, test } from './helpers';

const STRICT_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

test('the page and the API answer with the security headers, and the app runs under its policy', async ({
  page,
}) => {
  const answer = await page.goto('/login');
  expect(answer?.status()).toBe(200);
  const headers = answer?.headers() ?? {};
  expect(headers).toMatchObject(STRICT_HEADERS);
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Plain HTTP in the suite: no HSTS without COOKIE_SECURE.
  expect(headers['strict-transport-security']).toBeUndefined();

  // Registering, the home screen and the map run under the policy (any violation fails the test).
  const player = newPlayer('csp');
  await register(page, player);
  await page.goto('/systems');
  await expect(page.getByTestId('systems-map')).toBeVisible();

  const me = await page.request.get('/api/v1/me');
  expect(me.status()).toBe(200);
  expect(me.headers()).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
    // JSON is never rendered: a policy that allows nothing, framing included.
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  });
  expect(((await me.json()) as { data: { email: string } }).data.email).toBe(player.email);
});

test('the API documentation runs under its own policy', async ({ page }) => {
  const answer = await page.goto('/api/docs');
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByText('Starhold API').first()).toBeVisible();
});
