import { expect, test, type Page } from '@playwright/test';
import { signInWithPasscode } from './support/login.js';

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a platform admin creates, edits and deletes a user', async ({ page }) => {
  const created = `carol-${Date.now()}@example.com`;
  const renamed = created.replace('carol-', 'caroline-');
  const dialog = page.getByRole('dialog', { name: 'New user' });

  await test.step('the admin opens the admin area and finds the users, themself an Admin', async () => {
    await signInWithPasscode(page, 'admin@example.com');
    await page.goto('/edradm');
    await expect(page).toHaveURL('/edradm/users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(rowOf(page, 'admin@example.com')).toBeVisible();
    await expect(rowOf(page, 'admin@example.com').getByText('Admin', { exact: true })).toBeVisible();
  });

  await test.step('New user: both fields are required', async () => {
    await page.getByRole('button', { name: 'New user' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Email and login provider are required');

    await dialog.getByLabel('E-mail').fill(created);
    await dialog.getByLabel('Login provider').selectOption({ label: 'Passcode' });
  });

  await test.step('granting admin rights asks first; Cancel leaves the box unchecked, Grant admin checks it', async () => {
    const adminBox = dialog.getByRole('checkbox', { name: 'Platform admin' });
    const grant = page.getByRole('dialog', { name: 'Grant admin rights' });
    await adminBox.click();
    await expect(grant).toBeVisible();
    await expect(grant).toContainText(`${created} will be a platform admin`);
    await grant.getByRole('button', { name: 'Cancel' }).click();
    await expect(grant).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(adminBox).not.toBeChecked();

    await adminBox.click();
    await grant.getByRole('button', { name: 'Grant admin' }).click();
    await expect(grant).toBeHidden();
    await expect(adminBox).toBeChecked();
  });

  await test.step('Create user: the new user is listed, Passcode and Admin', async () => {
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(toast(page, `User ${created} created successfully`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const createdRow = rowOf(page, created);
    await expect(createdRow).toBeVisible();
    await expect(createdRow.getByRole('cell', { name: 'Passcode', exact: true })).toBeVisible();
    await expect(createdRow.getByText('Admin', { exact: true })).toBeVisible();
  });

  await test.step('Edit: a new e-mail', async () => {
    await page.getByRole('button', { name: `Edit ${created}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit user' });
    await expect(editDialog.getByLabel('E-mail')).toHaveValue(created);
    await expect(editDialog.getByRole('checkbox', { name: 'Platform admin' })).toBeChecked();
    await editDialog.getByLabel('E-mail').fill(renamed);
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `User ${renamed} updated successfully`)).toBeVisible();
    await expect(editDialog).toBeHidden();
    await expect(rowOf(page, renamed)).toBeVisible();
    await expect(rowOf(page, created)).toHaveCount(0);
  });

  await test.step('the change is stored: a reload lists it again', async () => {
    await page.reload();
    await expect(rowOf(page, renamed)).toBeVisible();
    await expect(rowOf(page, renamed).getByText('Admin', { exact: true })).toBeVisible();
    await expect(rowOf(page, created)).toHaveCount(0);
  });

  await test.step('an admin cannot delete their own account', async () => {
    await page.getByRole('button', { name: 'Delete admin@example.com' }).click();
    await expect(errorToast(page, 'Cannot delete your own account')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Delete user' })).toBeHidden();
    await expect(rowOf(page, 'admin@example.com')).toBeVisible();
  });

  await test.step('deleting asks first; the user is gone, after a reload too', async () => {
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText(`Delete ${renamed}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'User deleted successfully')).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);

    await page.reload();
    await expect(rowOf(page, 'admin@example.com')).toBeVisible();
    await expect(rowOf(page, 'user@example.com')).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);
  });
});
