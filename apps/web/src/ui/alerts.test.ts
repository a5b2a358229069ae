import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertsStore, dismissAlert, pushAlert, toast } from './alerts';

beforeEach(() => {
  vi.useFakeTimers();
  alertsStore.set([]);
});
afterEach(() => vi.useRealTimers());

const shown = () => alertsStore.get().map((alert) => `${alert.cls}: ${alert.msg}`);

describe('toasts', () => {
  it('does not show an identical message twice', () => {
    toast.error('Failed to load users');
    toast.error('Failed to load users');
    toast.warning('Failed to load users');
    expect(shown()).toEqual(['error: Failed to load users', 'warning: Failed to load users']);
  });

  it('dismisses itself after its time, and restarts the time when repeated', () => {
    pushAlert('info', 'User deleted successfully', 3000);
    vi.advanceTimersByTime(2000);
    pushAlert('info', 'User deleted successfully', 3000);
    vi.advanceTimersByTime(2000);
    expect(shown()).toEqual(['info: User deleted successfully']);
    vi.advanceTimersByTime(1000);
    expect(shown()).toEqual([]);
  });

  it('keeps a toast with timeout 0 until it is closed', () => {
    pushAlert('error', 'Sticky', 0);
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['error: Sticky']);
    dismissAlert(alertsStore.get()[0]!.id);
    expect(shown()).toEqual([]);
  });
});
