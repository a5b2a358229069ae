/** An enumeration value as the screens show it: 'invoice' → 'Invoice'. */
export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Role names as the screens show them: 'admin' → 'Admin'; no role → '—'. */
export function roleLabel(role: string | null | undefined): string {
  return role ? capitalize(role) : '—';
}

/** A calendar date in English: '22 Nov 2026'. */
export function formatDate(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A payment's `created` (seconds since 1970) as a date. */
export const paymentDate = (seconds: number) => formatDate(new Date(seconds * 1000));

/** An amount with two decimals and thousands separators: 1234.5 → '1,234.50'. */
export function formatAmount(amount: number): string {
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** An area in square metres with at most one decimal: 1234.56 → '1,234.6'. */
export function formatArea(area: number): string {
  return area.toLocaleString('en-US', { maximumFractionDigits: 1 });
}
