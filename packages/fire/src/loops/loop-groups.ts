import type { LoopUnit } from './loop-units.js';

/** Limits of one loop (F§3 cabling settings, the central's product). */
export interface LoopLimits {
  maxUnits: number;
  /** m² of sections a loop protects. */
  maxArea: number;
  /** A in alarm the central allows a loop (absent: not limited). */
  maxCurrent?: number;
  /** Isolators count against maxUnits (the central's product says so): one per `isolatorMaxUnits` units of a section, at least one a section. */
  isolatorsCount?: boolean;
  isolatorMaxUnits?: number;
}

interface Group {
  key: string;
  units: LoopUnit[];
  area: number;
  storey: number;
  angle: number;
}

const byNearness = (units: readonly LoopUnit[], [x, y]: readonly [number, number]) =>
  [...units].sort((a, b) => Math.hypot(a.coord[0] - x, a.coord[1] - y) - Math.hypot(b.coord[0] - x, b.coord[1] - y));

const bySweep = (units: readonly LoopUnit[]) => {
  const [x, y] = middle(units);
  return [...units].sort((a, b) => Math.atan2(a.coord[1] - y, a.coord[0] - x) - Math.atan2(b.coord[1] - y, b.coord[0] - x));
};

const middle = (units: readonly LoopUnit[]): [number, number] => [
  units.reduce((s, u) => s + u.coord[0], 0) / units.length,
  units.reduce((s, u) => s + u.coord[1], 0) / units.length,
];

/**
 * The units of one central into loops (cluster first, route second; fire-next.md §5.2). Sections are taken in order of
 * storey (bottom up) and of angle round the central, each loop filled up to route_max_units units (isolators included
 * where they count), route_max_area m² of sections and the central's loop current in alarm. A section that does not fit in what is left of a loop starts
 * the next one when that costs no loop (the units left still fit in as many loops either way); otherwise the loop is
 * filled with the section's units nearest to it and the rest go on in the next: the fewest loops, each section on one
 * loop where that does not cost one. Isolators at each section boundary keep a fault to one section either way.
 * Units in no section are grouped per storey.
 */
export function loopGroups(
  units: readonly LoopUnit[],
  limits: LoopLimits,
  sectionArea: ReadonlyMap<string, number>,
  storeyIndex: ReadonlyMap<string, number>,
  origin: readonly [number, number],
): LoopUnit[][] {
  const bySection = new Map<string, LoopUnit[]>();
  for (const u of units) {
    const key = u.sectionId || `storey:${u.storeyId}`;
    const list = bySection.get(key);
    if (list) list.push(u);
    else bySection.set(key, [u]);
  }
  const groups: Group[] = [...bySection].map(([key, list]) => {
    const [x, y] = middle(list);
    return {
      key,
      units: list,
      area: key.startsWith('storey:') ? 0 : (sectionArea.get(key) ?? 0),
      storey: Math.min(...list.map((u) => storeyIndex.get(u.storeyId) ?? 0)),
      angle: Math.atan2(y - origin[1], x - origin[0]),
    };
  });
  groups.sort((a, b) => a.storey - b.storey || a.angle - b.angle);

  const maxUnits = Math.max(1, Math.floor(limits.maxUnits));
  const perIsolator = Math.max(1, Math.floor(limits.isolatorMaxUnits ?? 20));
  // What k units of one section take of a loop's places: themselves, and their isolators where those count.
  const places = (k: number) => (limits.isolatorsCount ? k + Math.ceil(k / perIsolator) : k);
  /** The most units of a section that fit in `free` places. */
  const fitting = (free: number) => {
    let k = Math.max(0, free);
    while (k > 0 && places(k) > free) k--;
    return k;
  };
  const maxCurrent = limits.maxCurrent ?? Infinity;
  const perLoop = Math.max(1, fitting(maxUnits));
  /** The loops units of this many, of this area and current need at least. */
  const need = (k: number, m2: number, amps: number) =>
    Math.max(Math.ceil(k / perLoop), Math.ceil(m2 / limits.maxArea - 1e-9), Math.ceil(amps / maxCurrent - 1e-9));

  const loops: LoopUnit[][] = [];
  let current: LoopUnit[] = [];
  let used = 0;
  let area = 0;
  let drawn = 0;
  const close = () => {
    if (current.length > 0) loops.push(current);
    current = [];
    used = 0;
    area = 0;
    drawn = 0;
  };
  const amps = (list: readonly LoopUnit[]) => list.reduce((s, u) => s + u.alarmCurrent, 0);
  const left = { units: units.length, area: groups.reduce((s, g) => s + g.area, 0), amps: amps(units) };
  const take = (list: readonly LoopUnit[], areaPerUnit: number) => {
    current.push(...list);
    used += places(list.length);
    area += list.length * areaPerUnit;
    drawn += amps(list);
    left.units -= list.length;
    left.area -= list.length * areaPerUnit;
    left.amps -= amps(list);
  };
  for (const group of groups) {
    let rest = group.units;
    const areaPerUnit = group.area / group.units.length;
    while (rest.length > 0) {
      // The order the section's units go in: nearest the loop first; into an empty loop, a sweep round their middle.
      const ordered = current.length > 0 ? byNearness(rest, middle(current)) : bySweep(rest);
      const byArea = areaPerUnit > 0 ? Math.floor((limits.maxArea - area) / areaPerUnit + 1e-9) : Infinity;
      let fit = Math.min(fitting(maxUnits - used), byArea, ordered.length);
      for (let total = drawn, k = 0; k < fit; k++) {
        total += ordered[k]!.alarmCurrent;
        if (total > maxCurrent + 1e-12) fit = k;
      }
      if (fit === ordered.length) {
        take(ordered, areaPerUnit);
        break;
      }
      if (current.length === 0) {
        // Even an empty loop cannot take the section: as many as fit (one at least), the rest on the next.
        const k = Math.max(1, fit);
        take(ordered.slice(0, k), areaPerUnit);
        rest = ordered.slice(k);
        close();
        continue;
      }
      // Starting the section on a new loop is free when what is left fits in as many loops as it would after filling this one.
      const part = ordered.slice(0, fit);
      const whole = need(left.units, left.area, left.amps) <= need(left.units - fit, left.area - fit * areaPerUnit, left.amps - amps(part));
      if (!whole && fit > 0) {
        take(part, areaPerUnit);
        rest = ordered.slice(fit);
      }
      close();
    }
  }
  close();
  return loops;
}
