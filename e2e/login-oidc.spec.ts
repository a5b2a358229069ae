import { expect, test, type Page } from '@playwright/test';

const PEER_HEADING = 'Test OpenID provider';

async function startGoogleSignIn(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: PEER_HEADING })).toBeVisible();
}

test('Sign in with Google signs a Google user in', async ({ page, baseURL }) => {
  await startGoogleSignIn(page);
  await page.getByLabel('E-mail').fill('gina@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(`${baseURL}/projects`);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'gina@example.com' })).toBeVisible();
});

test('Google vouching for an e-mail without a user comes back with an error', async ({ page, baseURL }) => {
  await startGoogleSignIn(page);
  await page.getByLabel('E-mail').fill('stranger@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL((url) => url.origin === baseURL && url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/^Failed to login with Google/);
  await expect(page.getByRole('alert')).toContainText('stranger@example.com');
});

test('Cancel at the provider comes back with an error', async ({ page, baseURL }) => {
  await startGoogleSignIn(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL((url) => url.origin === baseURL && url.pathname === '/');
  await expect(page.getByRole('alert')).toHaveText(/^Failed to login with Google/);
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
});

test('the e-mail of a Google user goes straight to the provider', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.getByLabel('E-mail').fill('gina@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: PEER_HEADING })).toBeVisible();

  await page.getByLabel('E-mail').fill('gina@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/projects`);
  await expect(page.getByRole('button', { name: 'gina@example.com' })).toBeVisible();
});
