import { createStore } from '../lib/store';

export type AlertClass = 'info' | 'warning' | 'error';

/** A toast (P§3 Alert): cls, msg, created, timeout_ms (0: stays until closed). */
export interface Alert {
  id: number;
  cls: AlertClass;
  msg: string;
  created: number;
  timeout_ms: number;
}

/** How long a toast stays when the caller does not say (docs/shell.md). */
export const DEFAULT_TIMEOUT_MS: Record<AlertClass, number> = { info: 3000, warning: 6000, error: 10000 };

export const alertsStore = createStore<Alert[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast; the same class and message already on screen is restarted instead of shown twice. */
export function pushAlert(cls: AlertClass, msg: string, timeout_ms = DEFAULT_TIMEOUT_MS[cls]): void {
  const existing = alertsStore.get().find((alert) => alert.cls === cls && alert.msg === msg);
  if (existing) dismissAlert(existing.id);
  const alert: Alert = { id: nextId++, cls, msg, created: Date.now(), timeout_ms };
  alertsStore.set((alerts) => [...alerts, alert]);
  if (timeout_ms > 0)
    timers.set(
      alert.id,
      setTimeout(() => dismissAlert(alert.id), timeout_ms),
    );
}

export function dismissAlert(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  alertsStore.set((alerts) => alerts.filter((alert) => alert.id !== id));
}

export const toast = {
  info: (msg: string, timeout_ms?: number) => pushAlert('info', msg, timeout_ms),
  warning: (msg: string, timeout_ms?: number) => pushAlert('warning', msg, timeout_ms),
  error: (msg: string, timeout_ms?: number) => pushAlert('error', msg, timeout_ms),
};
