import { describe, expect, it } from 'vitest';
import { axisTurn, wallFigures } from './wall-figures.js';

/** A w × d rectangle centred on (cx, cy), its long side turned `degrees` from the x axis. */
function turnedRect(cx: number, cy: number, w: number, d: number, degrees: number): [number, number, number][] {
  const t = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(t), Math.sin(t)];
  return [
    [-w / 2, -d / 2],
    [w / 2, -d / 2],
    [w / 2, d / 2],
    [-w / 2, d / 2],
  ].map(([x, y]) => [cx + x! * c - y! * s, cy + x! * s + y! * c, 3]);
}

describe('wallFigures', () => {
  it('gives the angle the wall was turned by, whichever way its outline winds and however far from the origin', () => {
    for (const degrees of [0, 12.5, 45, 90, 120, 179])
      for (const [cx, cy] of [
        [0, 0],
        [681_234.5, 6_581_020.25],
      ]) {
        const outline = turnedRect(cx!, cy!, 6, 0.2, degrees);
        for (const ring of [outline, [...outline].reverse()]) {
          const figures = wallFigures(ring);
          expect(axisTurn(figures[4]!, degrees)).toBeLessThanOrEqual(0.05);
          const xs = ring.map((p) => p[0]);
          expect(figures[0]).toBeCloseTo(Math.min(...xs), 3);
          expect(figures[2]).toBeCloseTo(Math.max(...xs), 3);
        }
      }
  });

  it('gives no axis to a wall as long as it is wide, nor to an outline with no area', () => {
    expect(wallFigures(turnedRect(2, 2, 1, 1, 30))).toHaveLength(4);
    expect(
      wallFigures([
        [0, 0, 0],
        [4, 0, 0],
        [8, 0, 0],
      ]),
    ).toEqual([0, 0, 8, 0]);
  });

  it('measures a turn between axes without a head', () => {
    expect(axisTurn(1, 179)).toBeCloseTo(2, 9);
    expect(axisTurn(45, 135)).toBe(90);
    expect(axisTurn(30, 30)).toBe(0);
  });
});
