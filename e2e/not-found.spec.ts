import { expect, test, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';

async function expectNotFound(page: Page) {
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to projects' })).toBeVisible();
}

test('signed out, the admin area does not exist', async ({ page }) => {
  await page.goto('/edradm');
  await expectNotFound(page);
  await expect(page).toHaveURL('/edradm');

  await page.goto('/edradm/users');
  await expectNotFound(page);
  await expect(page.getByRole('table')).toBeHidden();
});

test('a user who is not a platform admin sees 404 in the admin area', async ({ page }) => {
  await signInWithPasscode(page, 'user@example.com');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  await page.goto('/edradm/users');
  await expectNotFound(page);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeHidden();
});

test('an unknown path shows 404 Not found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expectNotFound(page);
});
