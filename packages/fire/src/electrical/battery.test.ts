import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BATTERY_RULES,
  STANDARD_BATTERY_SIZES,
  batteryCapacity,
  batteryOptions,
  checkBattery,
  smallestStandardBattery,
  sumLoads,
} from './battery.js';

/** Within 0.1 mAh (0.0001 Ah) of the research's figure. */
const toMilliampHour = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.0001);

describe('oracle D (BS 5839-1): I₁ 0.25 A × 24 h, I₂ 0.75 A × 0.5 h', () => {
  const load = { quiescentCurrent: 0.25, alarmCurrent: 0.75 };
  const c = batteryCapacity('Bs5839', load);

  it('the alarm current exceeds C/20, so D = 1.75 and C = 1.25 × (6 + 1.75 × 0.375) = 8.3203 Ah', () => {
    expect(c.derating).toBe(1.75);
    expect(load.alarmCurrent).toBeGreaterThan(c.capacity / 20);
    toMilliampHour(1.25 * (0.25 * 24 + 1.75 * 0.75 * 0.5), 8.3203);
    toMilliampHour(c.capacity, 8.3203);
    expect(c).toMatchObject({ standbyHours: 24, alarmHours: 0.5, factor: 1.25, verify: false });
  });

  it('needs a 10 Ah standard battery; a 7 Ah one warns', () => {
    const check = checkBattery({ supply: 'Central 1', regulation: 'Bs5839', load, configured: 7 });
    expect(check.suggested).toBe(10);
    expect(check.warnings).toEqual(["'Central 1' has a 7.00 Ah battery but needs 8.32 Ah: use 10.00 Ah or more"]);
    expect(checkBattery({ supply: 'Central 1', regulation: 'Bs5839', load, configured: 12 }).warnings).toEqual([]);
  });
});

describe('BS 5839-1 D rule', () => {
  it('D = 1 when the alarm current is at most C/20', () => {
    // C₁ = 1.25 × (0.05 × 24 + 0.05 × 0.5) = 1.53125 Ah; C₁/20 = 0.0766 A ≥ I₂.
    const c = batteryCapacity('Bs5839', { quiescentCurrent: 0.05, alarmCurrent: 0.05 });
    toMilliampHour(c.capacity, 1.25 * (0.05 * 24 + 0.05 * 0.5));
    expect(c.derating).toBe(1);
    expect(0.05).toBeLessThanOrEqual(c.capacity / 20);
  });

  it('between C₁ and C₁.₇₅ the least sufficient capacity is 20 × I₂ (D falls back to 1 there)', () => {
    // A narrow window: 1.548 I₁ < I₂ < 1.587 I₁.
    const load = { quiescentCurrent: 0.1, alarmCurrent: 0.157 };
    const c1 = 1.25 * (0.1 * 24 + 0.157 * 0.5); // 3.098
    const c175 = 1.25 * (0.1 * 24 + 1.75 * 0.157 * 0.5); // 3.1717
    expect(20 * 0.157).toBeGreaterThan(c1);
    expect(20 * 0.157).toBeLessThan(c175);
    const c = batteryCapacity('Bs5839', load);
    toMilliampHour(c.capacity, 3.14);
    expect(c.derating).toBe(1);
  });

  it('72 h standby is an option', () => {
    // C₁ = 1.25 × (7.2 + 0.25) = 9.3125 Ah, C₁/20 = 0.466 A < 0.5 A, and 20 × 0.5 = 10 Ah > C₁.₇₅: D = 1.75.
    const c = batteryCapacity('Bs5839', { quiescentCurrent: 0.1, alarmCurrent: 0.5 }, { standbyHours: 72 });
    expect(c.standbyHours).toBe(72);
    expect(c.derating).toBe(1.75);
    toMilliampHour(c.capacity, 1.25 * (0.1 * 72 + 1.75 * 0.5 * 0.5));
  });

  it('the least capacity always suffices with the D of that capacity, and nothing smaller does', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), (i1, i2) => {
        const need = (cap: number) => 1.25 * (i1 * 24 + (i2 > cap / 20 ? 1.75 : 1) * i2 * 0.5);
        const { capacity } = batteryCapacity('Bs5839', { quiescentCurrent: i1, alarmCurrent: i2 });
        expect(capacity).toBeGreaterThanOrEqual(need(capacity) - 1e-9);
        const smaller = capacity * (1 - 1e-6) - 1e-9;
        if (smaller > 0) expect(smaller).toBeLessThan(need(smaller));
      }),
    );
  });
});

describe('oracle E (NFPA 72): 0.42 A standby, 3.8 A alarm, 24 h + 5 min', () => {
  const load = { quiescentCurrent: 0.42, alarmCurrent: 3.8 };

  it('raw 10.3967 Ah; × 1.20 = 12.4760 Ah; × 1.25 = 12.9958 Ah', () => {
    toMilliampHour(0.42 * 24 + (3.8 * 5) / 60, 10.3967);
    toMilliampHour(batteryCapacity('Nfpa72', load, { factor: 1.2 }).capacity, 12.476);
    const c = batteryCapacity('Nfpa72', load);
    toMilliampHour(c.capacity, 12.9958);
    expect(c).toMatchObject({ standbyHours: 24, factor: 1.25, derating: 1 });
    expect(c.alarmHours * 60).toBeCloseTo(5, 12);
  });

  it('a 12 Ah battery fails (both factors) and 18 Ah is the smallest standard one', () => {
    const check = checkBattery({ supply: 'FACP', regulation: 'Nfpa72', load, configured: 12 });
    expect(check.suggested).toBe(18);
    expect(check.warnings).toEqual(["'FACP' has a 12.00 Ah battery but needs 13.00 Ah: use 18.00 Ah or more"]);
    expect(checkBattery({ supply: 'FACP', regulation: 'Nfpa72', load, configured: 12, options: { factor: 1.2 } }).warnings).toHaveLength(1);
  });

  it('voice alarm: 15 min', () => {
    const c = batteryCapacity('Nfpa72', load, { voice: true });
    expect(c.alarmHours * 60).toBeCloseTo(15, 12);
    toMilliampHour(c.capacity, 1.25 * (0.42 * 24 + 3.8 * 0.25));
  });
});

describe('SBF 110:8', () => {
  it('is a documented default marked to verify', () => {
    expect(BATTERY_RULES.Sbf1108.verify).toBe(true);
    expect(BATTERY_RULES.Sbf1108.source).toMatch(/\[U\]/);
    const c = batteryCapacity('Sbf1108', { quiescentCurrent: 0.2, alarmCurrent: 1 });
    expect(c.verify).toBe(true);
    toMilliampHour(c.capacity, 1.25 * (0.2 * 24 + 1 * 0.5));
  });
});

describe('standard batteries', () => {
  it('the research list', () => {
    expect(STANDARD_BATTERY_SIZES).toEqual([4, 7, 7.2, 10, 12, 18, 26, 40, 55]);
  });

  it('the smallest that suffices; exact sizes suffice; null above the largest', () => {
    expect(smallestStandardBattery(8.3203)).toBe(10);
    expect(smallestStandardBattery(7)).toBe(7);
    expect(smallestStandardBattery(7.1)).toBe(7.2);
    expect(smallestStandardBattery(0)).toBe(4);
    expect(smallestStandardBattery(60)).toBeNull();
    expect(smallestStandardBattery(20, [38, 17, 24])).toBe(24);
  });

  it('a need beyond every standard size warns when no battery is configured', () => {
    const check = checkBattery({ supply: 'PSU 2', regulation: 'Bs5839', load: { quiescentCurrent: 2.5, alarmCurrent: 6 } });
    expect(check.suggested).toBeNull();
    expect(check.configured).toBeNull();
    expect(check.warnings).toEqual(["'PSU 2' needs 81.56 Ah of battery, more than the largest standard battery (55.00 Ah)"]);
  });
});

describe('loads', () => {
  it('sum over everything a supply powers', () => {
    const s = sumLoads([
      { quiescentCurrent: 0.1, alarmCurrent: 0.2 },
      { quiescentCurrent: 0.00034, alarmCurrent: 0.02 },
    ]);
    expect(s.quiescentCurrent).toBeCloseTo(0.10034, 12);
    expect(s.alarmCurrent).toBeCloseTo(0.22, 12);
    expect(sumLoads([])).toEqual({ quiescentCurrent: 0, alarmCurrent: 0 });
  });

  it('refuses negative currents', () => {
    expect(() => batteryCapacity('Bs5839', { quiescentCurrent: -1, alarmCurrent: 0 })).toThrow(RangeError);
  });
});

describe('the fire config’s battery settings (issue 33)', () => {
  it('oracle E with 15 min of voice alarm and the 2019 factor: 1.20 × (0.42 × 24 + 3.8 × 0.25)', () => {
    const c = batteryCapacity(
      'Nfpa72',
      { quiescentCurrent: 0.42, alarmCurrent: 3.8 },
      batteryOptions({ standby_hours: 24, alarm_minutes: 15, factor: 1.2 }),
    );
    toMilliampHour(c.capacity, 1.2 * (0.42 * 24 + 3.8 * 0.25));
    expect([c.standbyHours, c.alarmHours, c.factor]).toEqual([24, 0.25, 1.2]);
  });

  it('oracle D with 72 h standby: the alarm current is then below C/20, so D = 1', () => {
    const c = batteryCapacity(
      'Bs5839',
      { quiescentCurrent: 0.25, alarmCurrent: 0.75 },
      batteryOptions({ standby_hours: 72, alarm_minutes: 30, factor: 1.25 }),
    );
    const plain = 1.25 * (0.25 * 72 + 0.75 * 0.5);
    expect(0.75).toBeLessThanOrEqual(plain / 20);
    toMilliampHour(c.capacity, plain);
    expect(c.derating).toBe(1);
  });
});
