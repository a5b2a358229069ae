import { describe, expect, it } from 'vitest';
import { HIDDEN, boxesOverlap, placeLabels, placesOf, type LabelRequest, type ScreenBox } from './label-placement';

const box = (x0: number, y0: number, w: number, h: number): ScreenBox => ({ x0, y0, x1: x0 + w, y1: y0 + h });

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

describe('label placement', () => {
  it('takes the first place that covers no symbol, and hides a label with none', () => {
    // A detector's symbol at 100–110 and an address 20 × 10 to put beside it: right is taken by a second symbol.
    const symbols = [box(100, 100, 10, 10), box(112, 100, 10, 10)];
    const address = placesOf([[box(112, 100, 20, 10)], [box(78, 100, 20, 10)], [box(100, 88, 20, 10)]]);
    // A room name whose only place lies on the first symbol.
    const name = placesOf([[box(95, 95, 30, 12)]]);
    expect(placeLabels(symbols, [address, name])).toEqual([1, HIDDEN]);
  });

  it('keeps a later label off an earlier one, and drops a room’s count line before hiding its name', () => {
    const symbols = [box(25, 30, 10, 10)];
    const first = placesOf([[box(0, 0, 40, 12)]]);
    // Name and count line together overlap the symbol below; the name alone does not, but sits on the first label.
    const room = placesOf([[box(20, 14, 40, 12), box(20, 26, 30, 11)], [box(20, 14, 40, 12)], [box(20, 6, 40, 12)]]);
    expect(placeLabels(symbols, [first, room])).toEqual([0, 1]);
    // A place refused by its request (outside its room) is never taken, even where free.
    const refused: LabelRequest = { places: 2, boxes: (i) => (i === 0 ? null : [box(200, 200, 10, 10)]) };
    expect(placeLabels(symbols, [refused])).toEqual([1]);
  });

  it('counts boxes that only touch as apart', () => {
    expect(boxesOverlap(box(0, 0, 10, 10), box(10, 0, 10, 10))).toBe(false);
    expect(placeLabels([box(0, 0, 10, 10)], [placesOf([[box(10, 0, 5, 10)]])])).toEqual([0]);
  });

  it('on random plans: no placed box covers a symbol or another label, and a label is hidden only when every place is blocked', () => {
    let [hidden, shown] = [0, 0];
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const symbols = Array.from({ length: 60 + Math.floor(next() * 200) }, () =>
        box(next() * 1400 - 100, next() * 900 - 100, 8 + next() * 30, 8 + next() * 30),
      );
      const labels = Array.from({ length: 50 + Math.floor(next() * 250) }, () => {
        const [x, y] = [next() * 1400 - 100, next() * 900 - 100];
        const [w, h] = [15 + next() * 80, 10 + next() * 6];
        // Up to eight places about a point; some of two boxes (a name over a count line).
        return placesOf(
          Array.from({ length: 1 + Math.floor(next() * 8) }, (_, i) => {
            const at = box(x + ((i % 3) - 1) * w, y + (Math.floor(i / 3) - 1) * h, w, h);
            return next() < 0.3 ? [at, box(at.x0, at.y1, w * 0.6, h)] : [at];
          }),
        );
      });
      const area = box(0, 0, 1200, 700);
      const placed = placeLabels(symbols, labels, area);
      // The oracle: replay the result by brute force over every pair.
      const taken: ScreenBox[] = [];
      placed.forEach((place, k) => {
        const label = labels[k]!;
        if (place === HIDDEN) {
          for (let i = 0; i < label.places; i++) {
            const boxes = label.boxes(i)!;
            const blocked = boxes.some((b) => symbols.some((s) => boxesOverlap(b, s)) || taken.some((t) => boxesOverlap(b, t)));
            expect(blocked, `label ${k} of seed ${seed}: place ${i} was free`).toBe(true);
          }
          return;
        }
        // Every earlier place was blocked; this one is free of symbols and of the labels placed before it.
        for (let i = 0; i < place; i++) {
          const boxes = label.boxes(i)!;
          expect(boxes.some((b) => symbols.some((s) => boxesOverlap(b, s)) || taken.some((t) => boxesOverlap(b, t)))).toBe(true);
        }
        for (const b of label.boxes(place)!) {
          expect(symbols.some((s) => boxesOverlap(b, s))).toBe(false);
          expect(taken.some((t) => boxesOverlap(b, t))).toBe(false);
        }
        taken.push(...label.boxes(place)!);
      });
      hidden += placed.filter((p) => p === HIDDEN).length;
      shown += placed.filter((p) => p !== HIDDEN).length;
    }
    // The plans are crowded enough that both outcomes occur often.
    expect(hidden).toBeGreaterThan(100);
    expect(shown).toBeGreaterThan(100);
  });
});
