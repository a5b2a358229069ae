import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';

/** What a plug-in does before it opens /grant: a PKCE verifier and its S256 challenge. */
function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

const grantPath = (challenge: string) => `/grant?client_id=Test%20Plugin&code_challenge=${challenge}&code_method=S256`;

test('a signed-in user grants a plug-in access, and denies a second request', async ({ page, request }) => {
  await signInWithPasscode(page, 'user@example.com');

  const granted = pkce();
  await page.goto(grantPath(granted.challenge));
  await expect(page.getByRole('heading', { name: 'Grant access' })).toBeVisible();
  await expect(page.getByText('Test Plugin asks for access to your edrf account user@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('status')).toHaveText('Access granted');
  await expect(page.getByText('You can close this window and return to Test Plugin.')).toBeVisible();

  // The plug-in trades its verifier for a token that acts as the user.
  const exchanged = await request.post('/front/grant_token', { data: { code_verifier: granted.verifier } });
  expect(exchanged.status()).toBe(200);
  const { token } = (await exchanged.json()) as { token: string };
  const authed = await request.get('/front/is_authed', { headers: { Authorization: `Bearer ${token}` } });
  expect(authed.status()).toBe(200);
  expect(await authed.json()).toMatchObject({ email: 'user@example.com' });

  const denied = pkce();
  await page.goto(grantPath(denied.challenge));
  await expect(page.getByText('Test Plugin asks for access')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('status')).toHaveText('Access denied');
  const refused = await request.post('/front/grant_token', { data: { code_verifier: denied.verifier } });
  expect(refused.status()).toBe(403);
});

test('signed out, the grant page sends to login and keeps the request', async ({ page }) => {
  const { challenge } = pkce();
  const path = grantPath(challenge);
  await page.goto(path);
  await expect(page).toHaveURL(`/?url=${encodeURIComponent(path)}`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
