import { expect, type Page } from '@playwright/test';
import { mailMark, readPasscode } from './mail.js';

/**
 * Signs in through the real login page: the e-mail, Next, the passcode from the mail, Sign in.
 * Starts from the login page the browser is on (keeping its url= target), else opens /.
 * Resolves once the app has left the login page.
 */
export async function signInWithPasscode(page: Page, email: string): Promise<void> {
  if (!isLoginPage(page)) await page.goto('/');
  await page.getByLabel('E-mail').fill(email);
  const mark = mailMark();
  await page.getByRole('button', { name: 'Next' }).click();
  const passcodeField = page.getByLabel('Passcode');
  await expect(passcodeField).toBeVisible();
  await passcodeField.fill(await readPasscode(email, { after: mark }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/');
}

function isLoginPage(page: Page): boolean {
  const url = new URL(page.url());
  return url.protocol.startsWith('http') && url.pathname === '/';
}
