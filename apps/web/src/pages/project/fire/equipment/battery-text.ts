import type { SupplyCheck } from '@edrf/fire';

const ah = (c: number) => `${c.toFixed(2)} Ah`;
const hours = (h: number) => (h >= 1 ? `${Number(h.toFixed(2))} h` : `${Number((h * 60).toFixed(1))} min`);

/**
 * A supply's battery as the designer reads it, where the supply is shown (issue 33, 34): 'needs 5.79 Ah (24 h standby
 * + 30 min alarm × 1.25), has 7.00 Ah', or 'none set' where no battery is configured.
 */
export function batteryText({ battery }: SupplyCheck): string {
  return (
    `needs ${ah(battery.capacity)} (${hours(battery.standbyHours)} standby + ${hours(battery.alarmHours)} alarm × ${battery.factor}), ` +
    (battery.configured !== null ? `has ${ah(battery.configured)}` : 'none set')
  );
}

/** Whether the check finds the battery too small (or none standard big enough): shown in red with its warnings. */
export const batteryShort = (check: SupplyCheck): boolean => check.battery.warnings.length > 0;
