import { describe, expect, it } from 'vitest';
import { formatAmount, formatArea, paymentDate, roleLabel } from './format';

describe('format', () => {
  it('names roles with a capital, and no role as a dash', () => {
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('standard')).toBe('Standard');
    expect(roleLabel(null)).toBe('—');
  });

  it('shows amounts with two decimals and areas with at most one', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatArea(1234.56)).toBe('1,234.6');
    expect(formatArea(80)).toBe('80');
  });

  it('reads payment dates in seconds', () => {
    expect(paymentDate(Date.UTC(2026, 10, 22, 12) / 1000)).toBe('22 Nov 2026');
  });
});
