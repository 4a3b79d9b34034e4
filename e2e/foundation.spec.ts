import { specRoutes, allRoutes } from '@mediadiet/contract/routes';
import { messages } from '@mediadiet/contract/messages';
import { test, expect, expectAccessible } from './fixtures/test.ts';

test('an anonymous visit to the dashboard lands on the sign-in page', async ({ page }) => {
  await page.goto('/auth/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('button', { name: /continue with email/i })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path shows the route error text', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(messages.routeError)).toBeVisible();
});

test('/api/docs documents every operation of the contract', async ({ page, request }) => {
  const res = await request.get('/api/docs/json');
  expect(res.ok()).toBe(true);
  const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
  );
  const openApiPath = (p: string) => p.replace(/:([A-Za-z_]\w*)/g, '{$1}');
  expect(specRoutes.length).toBe(46);
  for (const route of allRoutes) {
    expect(documented, `${route.method} ${route.path}`).toContain(`${route.method} ${openApiPath(route.path)}`);
  }
  await page.goto('/api/docs');
  await expect(page.getByText('/api/subscription/create').first()).toBeVisible();
});

test('the server serves the web app and the API on one port', async ({ request }) => {
  const health = await request.get('/healthz');
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  const missing = await request.get('/api/no-such-thing');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ success: false, error: 'Not found' });
});
