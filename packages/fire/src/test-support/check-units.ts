import { polygonArea, type Arch, type Fire, type Regulation } from '@edrf/model';
import { expect } from 'vitest';
import type { FireUnitsResult } from '../analysis.js';
import { calcFireUnitsWithStats } from '../calc-units.js';
import { createFireConfig } from '../config.js';
import { detectorTypeFor } from '../regulations.js';
import type { Pt, Ring } from '../geometry/ring.js';
import { distanceToRings, pointInRings } from '../geometry/ring.js';
import { obstacleDistanceAt } from '../placement/grid.js';
import { worstDistance } from './coverage-check.js';

export const fireFor = (regulation: Regulation, units: Partial<Fire['units']> = {}): Fire => ({
  units: { racks: {}, detectors: {}, sirens: {}, buttons: {}, ios: {}, others: {}, labels: {}, ...units },
  connections: { rooms: {}, centrals: {}, plinths: {}, power_supplies: {}, others: {}, cables: {}, routes: {} },
  sections: {},
  config: createFireConfig(regulation),
});

export function run(arch: Arch, fire: Fire) {
  return calcFireUnitsWithStats({ arch, fire }, { withBounds: true });
}

const roomRings = (arch: Arch, roomId: string): Ring[] => {
  const room = arch.rooms[roomId]!;
  return [room.shape.exterior, ...room.shape.interiors];
};

/**
 * Checks every rule of detection for one room, independently of the placer: every point (every
 * 0.1 m) within max_detector_distance inside the room, each detector inside the room and away
 * from walls and inlets, the parts of the room per detector no larger than area_per_detector and
 * adding up to the room.
 */
export function expectRoomDetected(
  arch: Arch,
  fire: Fire,
  result: FireUnitsResult,
  roomId: string,
  inlets: Ring[] = [],
  /** A corridor under BS 5839-1's rule (at most 2 m wide): only the points of this centreline need be within reach. */
  centreline?: [Pt, Pt],
) {
  const rings = roomRings(arch, roomId);
  const room = arch.rooms[roomId]!;
  const settings = fire.config.unit.detector[detectorTypeFor(room.type)];
  const inRoom = Object.values(result.units.detectors).filter((d) => pointInRings(d.coord[0], d.coord[1], rings));
  expect(inRoom.length, `detectors in ${roomId}`).toBeGreaterThan(0);
  const points: Pt[] = inRoom.map((d) => [d.coord[0], d.coord[1]]);
  const worst = centreline ? worstOnLine(centreline, points) : worstDistance(rings, points);
  expect(worst.distance, `farthest point of ${roomId} at ${JSON.stringify(worst.at)}`).toBeLessThanOrEqual(
    settings.max_detector_distance + 1e-6,
  );
  for (const d of inRoom) {
    if (fire.units.detectors[d.id]) continue;
    expect(distanceToRings(d.coord[0], d.coord[1], rings), `${d.id} wall distance`).toBeGreaterThanOrEqual(
      settings.min_wall_distance - 1e-6,
    );
    if (inlets.length)
      expect(obstacleDistanceAt(d.coord[0], d.coord[1], inlets)).toBeGreaterThanOrEqual(settings.min_air_inlet_distance - 1e-6);
  }
  let total = 0;
  for (const d of inRoom) {
    const shapes = result.validation.detector_shapes[d.id]!;
    const area = shapes.reduce((s, p) => s + polygonArea(p), 0);
    expect(area, `${d.id} part of the room`).toBeLessThanOrEqual(settings.area_per_detector * 1.01);
    total += area;
  }
  expect(total).toBeCloseTo(polygonArea(room.shape), 1);
  return inRoom;
}

/** The farthest point of a line (every 0.1 m, ends included) from its nearest unit, straight. */
function worstOnLine([a, b]: [Pt, Pt], units: readonly Pt[]): { distance: number; at: Pt | undefined } {
  const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.1));
  let worst = { distance: 0, at: undefined as Pt | undefined };
  for (let k = 0; k <= n; k++) {
    const p: Pt = [a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n];
    const distance = Math.min(...units.map((u) => Math.hypot(p[0] - u[0], p[1] - u[1])));
    if (distance > worst.distance) worst = { distance, at: p };
  }
  return worst;
}
