import { describe, expect, it } from 'vitest';
import type { Point2 } from '@edrf/model';
import { distanceToRing, pointInRings } from './hit-test';
import { boxesOverlap, type ScreenBox } from './label-placement';
import { planItem, type Ring } from './layers';
import { chordPx, fitText, layoutLabels, roomSpots, screenBox, type LabelFrame, type LabelLine, type PlacedText } from './plan-labels';
import { toScreen, toWorld, type Bounds, type Viewport } from './viewport';

const rect = (x0: number, y0: number, x1: number, y1: number): Point2[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const room = (id: string, ring: Point2[]) => planItem({ kind: 'arch.rooms', id }, 'rooms', [ring])!;
const square = (x: number, y: number, r = 0.2): Bounds => ({ minX: x - r, minY: y - r, maxX: x + r, maxY: y + r });
const COUNT: LabelLine = { text: '3 / 2', font: '600 11px system-ui, sans-serif', color: '#b45309' };

/** A view of 40 px a metre with the world origin at (100, 500) on a 1200 × 800 screen. */
const VIEW: Viewport = { scale: 40, x: 100, y: 500, rotation: 0 };

function frame(over: Partial<LabelFrame>): LabelFrame {
  return {
    view: VIEW,
    width: 1200,
    height: 800,
    symbols: [],
    named: [],
    notes: new Map(),
    beside: [],
    // 7 px a character: the test's stand-in for the canvas' measureText.
    measure: (text) => 7 * text.length,
    ...over,
  };
}

/** Whether a screen box lies inside rings (its four corners, in world metres). */
const boxInside = (box: ScreenBox, rings: readonly Ring[], view = VIEW) =>
  [
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x1, box.y1],
    [box.x0, box.y1],
  ].every(([x, y]) => pointInRings(toWorld(view, [x!, y!]), rings));

const centre = (box: ScreenBox): [number, number] => [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2];

/** No text covers a symbol or another text: checked pair by pair. */
function expectApart(texts: readonly PlacedText[], symbols: readonly Bounds[]) {
  const screens = symbols.map((s) => screenBox(VIEW, s));
  texts.forEach((t, i) => {
    for (const s of screens) expect(boxesOverlap(t.box, s), `${t.text} covers a symbol`).toBe(false);
    texts.forEach((u, j) => j > i && expect(boxesOverlap(t.box, u.box), `${t.text} covers ${u.text}`).toBe(false));
  });
}

describe('a room’s label point', () => {
  it('is the centroid of a plain room, and inside an L-shaped room whose centroid lies outside it, away from its edges', () => {
    const plain = rect(0, 0, 6, 4);
    expect(roomSpots([plain], { minX: 0, minY: 0, maxX: 6, maxY: 4 }).best).toEqual([3, 2]);
    // Arms 2 m wide: the centroid (3.22, 3.22) is outside; the deepest points are 1 m from the edges.
    const l: Point2[] = [
      [0, 0],
      [10, 0],
      [10, 2],
      [2, 2],
      [2, 10],
      [0, 10],
    ];
    const spots = roomSpots([l], { minX: 0, minY: 0, maxX: 10, maxY: 10 });
    expect(pointInRings(spots.best, [l])).toBe(true);
    expect(distanceToRing(spots.best, l)).toBeGreaterThan(0.75);
    // The other spots are inside, nearest the label point first.
    expect(spots.others.every((p) => pointInRings(p, [l]))).toBe(true);
    const d = spots.others.map((p) => Math.hypot(p[0] - spots.best[0], p[1] - spots.best[1]));
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });
});

describe('the plan’s texts', () => {
  const office = room('o', rect(0, 0, 10, 6));

  it('writes a room’s name at its label point and its count line under it when nothing is in the way', () => {
    const { texts, hidden } = layoutLabels(
      frame({ named: [{ item: office, key: 'arch.rooms:o', text: 'Office' }], notes: new Map([['arch.rooms:o', [COUNT]]]) }),
    );
    expect(texts.map((t) => t.text)).toEqual(['Office', '3 / 2']);
    const [x, y] = toScreen(VIEW, [5, 3]);
    expect(centre(texts[0]!.box)[0]).toBeCloseTo(x);
    expect(centre(texts[0]!.box)[1]).toBeCloseTo(y);
    expect(texts[1]!.box.y0).toBeCloseTo(texts[0]!.box.y1);
    expect(hidden).toBe(0);
  });

  it('moves the name and its count off a detector at the label point, staying in the room', () => {
    const symbols = [square(5, 3), square(5, 2.6)];
    const { texts } = layoutLabels(
      frame({ symbols, named: [{ item: office, key: 'arch.rooms:o', text: 'Office' }], notes: new Map([['arch.rooms:o', [COUNT]]]) }),
    );
    expect(texts.map((t) => t.text)).toEqual(['Office', '3 / 2']);
    expectApart(texts, symbols);
    for (const t of texts) expect(boxInside(t.box, office.rings)).toBe(true);
    // Nearby: within two lines of the label point.
    const [x, y] = toScreen(VIEW, [5, 3]);
    expect(Math.hypot(centre(texts[0]!.box)[0] - x, centre(texts[0]!.box)[1] - y)).toBeLessThan(60);
  });

  it('drops the count line before it would cover a symbol, and hides a name that has no free place', () => {
    // A corridor 10 × 2 m whose only free band (0.5 m, 20 px) takes one line and not two.
    const corridor = room('c', rect(0, 0, 10, 2));
    const strips = [
      { minX: 0, minY: 0, maxX: 10, maxY: 0.75 },
      { minX: 0, minY: 1.25, maxX: 10, maxY: 2 },
    ];
    const notes = new Map([['arch.rooms:c', [COUNT]]]);
    const named = [{ item: corridor, key: 'arch.rooms:c', text: 'Corridor' }];
    const kept = layoutLabels(frame({ symbols: strips, named, notes }));
    expect(kept.texts.map((t) => t.text)).toEqual(['Corridor']);
    expectApart(kept.texts, strips);
    // With the band taken too, nothing is written, and the label is counted hidden.
    const full = [{ minX: 0, minY: 0, maxX: 10, maxY: 2 }];
    const none = layoutLabels(frame({ symbols: full, named, notes }));
    expect(none.texts).toEqual([]);
    expect(none.hidden).toBe(1);
  });

  it('shortens a long name to the room along its line, keeping its count line', () => {
    // A merged room's name of 7 names (Clean joins them) in a room 6 m wide: 240 px, less a margin.
    const merged = room('m', rect(0, 0, 6, 4));
    const long = 'Dining Room A + Banquet Hall A + Dining Room B + Banquet Hall B + Pizza Bar';
    const { texts } = layoutLabels(
      frame({ named: [{ item: merged, key: 'arch.rooms:m', text: long }], notes: new Map([['arch.rooms:m', [COUNT]]]) }),
    );
    expect(texts.map((t) => t.text)).toEqual([expect.stringMatching(/^Dining Room A \+ .*…$/), '3 / 2']);
    expect(long.startsWith(texts[0]!.text.slice(0, -1))).toBe(true);
    expect(texts[0]!.box.x1 - texts[0]!.box.x0).toBeLessThanOrEqual(240 - 8);
    for (const t of texts) expect(boxInside(t.box, merged.rings)).toBe(true);
  });

  it('measures the room along the screen’s line through a point, and fits a text to it', () => {
    const ring = [rect(0, 0, 10, 6)];
    // 3 m to the nearer (left) edge at 40 px a metre, both ways: 240 px; turned a quarter, the room's 6 m side.
    expect(chordPx(ring, [3, 2], VIEW)).toBeCloseTo(240);
    expect(chordPx(ring, [3, 2], { ...VIEW, rotation: 90 })).toBeCloseTo(2 * 2 * 40);
    const measure = (text: string) => 7 * [...text].length;
    expect(fitText('Office', '12px x', 100, measure)).toEqual({ text: 'Office', width: 42 });
    // 10 % too wide: squeezed into the room; much too wide: shortened; too narrow for three letters: not written.
    expect(fitText('Kitchen', '12px x', 45, measure)).toEqual({ text: 'Kitchen', width: 45 });
    expect(fitText('Kitchen and store', '12px x', 60, measure)).toEqual({ text: 'Kitchen…', width: 56 });
    expect(fitText('Kitchen', '12px x', 20, measure)).toBeNull();
  });

  it('leaves rooms too small on screen unnamed', () => {
    // 1.2 m at 40 px a metre: 48 px, under the 56 px a name needs.
    const closet = room('w', rect(0, 0, 1.2, 3));
    expect(layoutLabels(frame({ named: [{ item: closet, key: 'arch.rooms:w', text: 'WC' }] })).texts).toEqual([]);
  });

  it('writes an address beside its symbol, on another side where a neighbour is, and never over a room name', () => {
    // Three detectors in a row 0.6 m apart (24 px): a text right of the middle one would cover its neighbour.
    const symbols = [square(4, 3), square(4.6, 3), square(5.2, 3)];
    const beside = symbols.map((s, i) => ({
      lines: [{ text: `1.${i + 1}`, font: '600 11px system-ui, sans-serif', color: '#d62828' }],
      beside: s,
    }));
    const { texts, hidden } = layoutLabels(frame({ symbols, beside, named: [{ item: office, key: 'arch.rooms:o', text: 'Office' }] }));
    expect(hidden).toBe(0);
    expect(texts.map((t) => t.text).sort()).toEqual(['1.1', '1.2', '1.3', 'Office']);
    expectApart(texts, symbols);
    // Each address touches its own symbol's box, within the gap.
    for (const [i, s] of symbols.entries()) {
      const box = texts.find((t) => t.text === `1.${i + 1}`)!.box;
      const sb = screenBox(VIEW, s, 1);
      const gap = Math.max(sb.x0 - box.x1, box.x0 - sb.x1, sb.y0 - box.y1, box.y0 - sb.y1);
      expect(gap).toBeLessThanOrEqual(3);
    }
  });
});
