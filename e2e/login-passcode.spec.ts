import { expect, test } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';
import { mailMark, readPasscode } from './support/mail.js';

test('a signed-out visit goes to login; the passcode signs in; Log out signs out', async ({ page }) => {
  await page.goto('/projects');
  await expect(page).toHaveURL('/?url=%2Fprojects');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('E-mail').fill('admin@example.com');
  const mark = mailMark();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('We sent a 6-digit passcode to admin@example.com')).toBeVisible();
  await page.getByLabel('Passcode').fill(await readPasscode('admin@example.com', { after: mark }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL('/projects');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Organizations' })).toBeVisible();
  const userMenu = sidebar.getByRole('button', { name: 'admin@example.com' });
  await expect(userMenu).toBeVisible();

  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.goto('/projects');
  await expect(page).toHaveURL('/?url=%2Fprojects');
  await expect(page.getByLabel('E-mail')).toBeVisible();
});

test('a wrong passcode is refused, and Back returns to the e-mail step', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('E-mail').fill('user@example.com');
  const mark = mailMark();
  await page.getByRole('button', { name: 'Next' }).click();
  const real = await readPasscode('user@example.com', { after: mark });
  const wrong = real === '000000' ? '111111' : '000000';

  await page.getByLabel('Passcode').fill(wrong);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid passcode, please try again');
  await expect(page).toHaveURL('/');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Passcode')).toBeHidden();
  await expect(page.getByLabel('E-mail')).toHaveValue('user@example.com');
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
});

test('an unknown e-mail is told User not found', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('E-mail').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('User not found');
  await expect(page.getByLabel('Passcode')).toBeHidden();
});

test('after signing in, the page asked for before is shown', async ({ page }) => {
  await page.goto('/orgs');
  await expect(page).toHaveURL('/?url=%2Forgs');
  await signInWithPasscode(page, 'user@example.com');
  await expect(page).toHaveURL('/orgs');
  await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'user@example.com' })).toBeVisible();
});
