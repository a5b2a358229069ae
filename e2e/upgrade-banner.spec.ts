import { expect, test } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';

test('the server asking for a newer client shows the upgrade banner', async ({ page }) => {
  await signInWithPasscode(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  // An outdated client: every /api call claims an older schema, and the real server answers 426.
  await page.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'edrf-schema': '4' } }));
  const answered = page.waitForResponse((response) => response.url().includes('/api/v1/admin/list_users'));
  await page.goto('/edradm/users');
  expect((await answered).status()).toBe(426);

  const banner = page.getByRole('alert').filter({ hasText: 'Client upgrade required - please refresh the page' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Refresh' })).toBeVisible();
});
