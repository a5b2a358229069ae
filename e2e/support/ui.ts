// What the specs look for on screen, as a user names it: toasts, table rows, dialogs, details.
import { expect, type Locator, type Page } from '@playwright/test';

export type ToastKind = 'info' | 'warning' | 'error';

/** A toast by its exact message: error toasts are alerts, info and warning toasts status messages. */
export function toast(page: Page, message: string, kind: ToastKind = 'info'): Locator {
  return page
    .locator('.toasts')
    .getByRole(kind === 'error' ? 'alert' : 'status')
    .filter({ has: page.getByText(message, { exact: true }) });
}

/**
 * Expects the toast, of that kind, then closes it (or lets it expire), so that the next time the
 * same message is expected it must really come again.
 */
export async function expectToast(page: Page, message: string, kind: ToastKind = 'info'): Promise<void> {
  const shown = toast(page, message, kind);
  await expect(shown).toBeVisible();
  await expect(shown).toHaveClass(new RegExp(`\\btoast-${kind}\\b`));
  // Info toasts leave by themselves after 3 s: one may be gone before the click lands, which is as good.
  await shown
    .getByRole('button', { name: 'Dismiss' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(shown).toBeHidden();
}

/** The table row holding a cell with exactly this text (or matching the pattern). */
export function rowOf(scope: Page | Locator, cellText: string | RegExp): Locator {
  // A `has` locator must start from the page: it is looked for inside each row.
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByRole('row').filter({ has: page.getByRole('cell', { name: cellText, exact: true }) });
}

/** The value shown next to a label of a details list (dt/dd). */
export function detail(scope: Page | Locator, label: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
