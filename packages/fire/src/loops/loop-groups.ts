import type { LoopUnit } from './loop-units.js';

/** Limits of one loop (F§3 cabling settings). */
export interface LoopLimits {
  maxUnits: number;
  /** m² of sections a loop protects. */
  maxArea: number;
}

interface Group {
  units: LoopUnit[];
  area: number;
  storey: number;
  angle: number;
}

const sweep = (units: readonly LoopUnit[], origin: readonly [number, number]) => {
  const x = units.reduce((s, u) => s + u.coord[0], 0) / units.length;
  const y = units.reduce((s, u) => s + u.coord[1], 0) / units.length;
  return Math.atan2(y - origin[1], x - origin[0]);
};

/**
 * The units of one central into loops (cluster first, route second; fire-next.md §5.2): whole sections where they
 * fit — a section's units stay on one loop so a fault on it takes out one section at most — packed in order of
 * storey (bottom up) and of angle round the central, each loop closed before it would pass route_max_units units
 * or route_max_area m². A section larger than a loop fills loops of its own, its units in the same sweep order.
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
    bySection.set(key, [...(bySection.get(key) ?? []), u]);
  }
  const groups: Group[] = [...bySection].map(([key, list]) => ({
    units: list,
    area: key.startsWith('storey:') ? 0 : (sectionArea.get(key) ?? 0),
    storey: Math.min(...list.map((u) => storeyIndex.get(u.storeyId) ?? 0)),
    angle: sweep(list, origin),
  }));
  groups.sort((a, b) => a.storey - b.storey || a.angle - b.angle);

  const loops: LoopUnit[][] = [];
  let current: LoopUnit[] = [];
  let area = 0;
  const close = () => {
    if (current.length > 0) loops.push(current);
    current = [];
    area = 0;
  };
  const maxUnits = Math.max(1, Math.floor(limits.maxUnits));
  for (const group of groups) {
    if (group.units.length > maxUnits) {
      // Too many for one loop: loops of its own, in sweep order round the group's middle.
      close();
      const mid: [number, number] = [
        group.units.reduce((s, u) => s + u.coord[0], 0) / group.units.length,
        group.units.reduce((s, u) => s + u.coord[1], 0) / group.units.length,
      ];
      const ordered = [...group.units].sort(
        (a, b) => Math.atan2(a.coord[1] - mid[1], a.coord[0] - mid[0]) - Math.atan2(b.coord[1] - mid[1], b.coord[0] - mid[0]),
      );
      for (let k = 0; k < ordered.length; k += maxUnits) loops.push(ordered.slice(k, k + maxUnits));
      continue;
    }
    if (current.length + group.units.length > maxUnits || (current.length > 0 && area + group.area > limits.maxArea)) close();
    current.push(...group.units);
    area += group.area;
  }
  close();
  return loops;
}
