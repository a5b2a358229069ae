import { describe, expect, it } from 'vitest';
import { archSchema, emptyModel, modelSchema, newTray, type Model, type Point2, type Tray } from '@edrf/model';
import { applyEdits, type EditRequest } from '../../../../state/history';
import {
  joinedEnds,
  addTrayEdits,
  isVerticalTray,
  moveTrayEdits,
  moveTrayEndEdits,
  newTrayId,
  snapToTrayEnd,
  storeysBetween,
  trayFieldEdits,
  trayHatch,
  trayOutline,
  traysOnStorey,
  trayZ,
  verticalTrayEdits,
} from './tray-edits';

const storey = (id: string, number: number, min_z: number, max_z: number) => ({ id, number, name: id, height: { min_z, max_z } });

/** Three storeys listed out of order: s0 0–3, s1 3–6.5, s2 6.5–9.5. */
function model(trays: Tray[] = []): Model {
  return {
    ...emptyModel(),
    arch: archSchema.parse({ storeys: { s2: storey('s2', 2, 6.5, 9.5), s0: storey('s0', 0, 0, 3), s1: storey('s1', 1, 3, 6.5) } }),
    elec: { trays: Object.fromEntries(trays.map((t) => [t.id, t])) },
  };
}

/** The edited model, checked against the model schema (which also clears to_storey_id = storey_id). */
const apply = (before: Model, requests: readonly EditRequest[]): Model => {
  const after = applyEdits(before, requests).model;
  expect(modelSchema.parse(after)).toEqual(after);
  return after;
};

const horizontal = (id = 't1') => newTray(id, 's0', [0, 0, 2.95], [4, 0, 2.95]);

describe('tray ids', () => {
  it('take the first free number after the count, and skip those taken', () => {
    const elec = model([horizontal('tray-2'), horizontal('x')]).elec;
    expect(newTrayId(elec)).toBe('tray-3');
    expect(newTrayId(model([horizontal('tray-1')]).elec)).toBe('tray-2');
    expect(newTrayId(elec, new Set(['tray-3', 'tray-4']))).toBe('tray-5');
  });
});

describe('drawing a tray', () => {
  it('hangs 0.05 below the storey top', () => {
    expect(trayZ({ height: { min_z: 3, max_z: 6.5 } })).toBeCloseTo(6.45, 12);
  });

  it('is a horizontal tray of the default width on the storey at trayZ', () => {
    const before = model([horizontal('tray-1')]);
    const added = addTrayEdits(before, 's1', [1, 2], [5, 2])!;
    expect(added.id).toBe('tray-2');
    const after = apply(before, added.requests);
    expect(after.elec.trays['tray-2']).toEqual({
      id: 'tray-2',
      storey_id: 's1',
      to_storey_id: '',
      start: [1, 2, 6.45],
      end: [5, 2, 6.45],
      width: 0.3,
    });
    expect(after.elec.trays['tray-1']).toBe(before.elec.trays['tray-1']);
  });

  it('takes a width, and refuses a bad width, an unknown storey and zero length (null)', () => {
    const before = model();
    expect(apply(before, addTrayEdits(before, 's0', [0, 0], [0, 1], 0.5)!.requests).elec.trays['tray-1']!.width).toBe(0.5);
    expect(() => addTrayEdits(before, 's0', [0, 0], [0, 1], 0)).toThrow(/positive/);
    expect(() => addTrayEdits(before, 'nope', [0, 0], [0, 1])).toThrow(/No storey nope/);
    expect(addTrayEdits(before, 's0', [2, 2], [2, 2])).toBeNull();
  });
});

describe('vertical mode', () => {
  it('makes one tray per storey pair from the lower to the upper storey, whichever was chosen first', () => {
    const before = model([horizontal('tray-1')]);
    const { ids, requests } = verticalTrayEdits(before, 's2', 's0', [1, 2]);
    expect(ids).toEqual(['tray-2', 'tray-3']);
    const after = apply(before, requests);
    expect(after.elec.trays['tray-2']).toEqual({
      id: 'tray-2',
      storey_id: 's0',
      to_storey_id: 's1',
      start: [1, 2, 2.95],
      end: [1, 2, 6.45],
      width: 0.3,
    });
    expect(after.elec.trays['tray-3']).toMatchObject({ storey_id: 's1', to_storey_id: 's2', start: [1, 2, 6.45], end: [1, 2, 9.45] });
    expect(Object.keys(after.elec.trays)).toHaveLength(3);
  });

  it('orders storeys by floor height, then number', () => {
    const before = model();
    before.arch.storeys.s1!.height = { min_z: 0, max_z: 3 };
    before.arch.storeys.s0!.number = 5;
    expect(storeysBetween(before, 's2', 's1').map((s) => s.id)).toEqual(['s1', 's0', 's2']);
    const after = apply(before, verticalTrayEdits(before, 's1', 's0', [0, 0]).requests);
    expect(Object.values(after.elec.trays).map((t) => [t.storey_id, t.to_storey_id])).toEqual([['s1', 's0']]);
  });

  it('keeps to the building both storeys belong to', () => {
    const before = model();
    before.arch.storeys.b0 = { ...before.arch.storeys.s1!, id: 'b0', number: 1 };
    before.arch.buildings = { a: { id: 'a', global_id: '', name: 'A', storeys: ['s0', 's1', 's2'] } };
    expect(storeysBetween(before, 's0', 's2').map((s) => s.id)).toEqual(['s0', 's1', 's2']);
  });

  it('gives nothing for the same storey twice', () => {
    expect(verticalTrayEdits(model(), 's1', 's1', [0, 0])).toEqual({ ids: [], requests: [] });
  });
});

describe('trays on a storey and snapping', () => {
  const vertical = newTray('v', 's0', [10, 0, 2.95], [10, 0, 6.45], 's1');
  const upstairs = newTray('u', 's1', [0.1, 0, 6.45], [3, 0, 6.45]);
  const trays = [horizontal('t1'), newTray('t2', 's0', [0, 0.5, 2.95], [4, 0.5, 2.95]), vertical, upstairs];

  it('shows the trays on the storey and the vertical ones reaching it', () => {
    expect(traysOnStorey(model(trays), 's1').map((t) => t.id)).toEqual(['v', 'u']);
    expect(traysOnStorey(model(trays), 's2')).toEqual([]);
  });

  it('picks the nearest end within tolerance on that storey', () => {
    const m = model(trays);
    expect(snapToTrayEnd(m, 's0', [3.8, 0.3], 0.5)).toEqual([4, 0.5]);
    expect(snapToTrayEnd(m, 's0', [3.8, 0.2], 0.5)).toEqual([4, 0]);
    expect(snapToTrayEnd(m, 's0', [6, 0], 0.5)).toBeNull();
    // u's start at 0.1 is nearer, but u is upstairs.
    expect(snapToTrayEnd(m, 's0', [0.12, 0], 0.5)).toEqual([0, 0]);
    expect(snapToTrayEnd(m, 's1', [0.12, 0], 0.5)).toEqual([0.1, 0]);
  });

  it('finds a vertical tray on both its storeys and leaves out the excepted tray', () => {
    const m = model(trays);
    expect(snapToTrayEnd(m, 's0', [10.2, 0], 0.5)).toEqual([10, 0]);
    expect(snapToTrayEnd(m, 's1', [10.2, 0], 0.5)).toEqual([10, 0]);
    expect(snapToTrayEnd(m, 's0', [3.8, 0.3], 0.5, 't2')).toEqual([4, 0]);
  });
});

describe('moving trays', () => {
  const vertical = newTray('v', 's0', [1, 1, 2.95], [1, 1, 6.45], 's1');

  it('moves one end of a horizontal tray and keeps z', () => {
    const before = model([horizontal()]);
    const after = apply(before, moveTrayEndEdits(before, 't1', 'end', [4, 3]));
    expect(after.elec.trays.t1).toMatchObject({ start: [0, 0, 2.95], end: [4, 3, 2.95] });
  });

  it('moves both ends of a vertical tray whichever is dragged', () => {
    const before = model([vertical]);
    for (const which of ['start', 'end'] as const) {
      const after = apply(before, moveTrayEndEdits(before, 'v', which, [2, 3]));
      expect(after.elec.trays.v).toMatchObject({ start: [2, 3, 2.95], end: [2, 3, 6.45] });
      expect(isVerticalTray(after.elec.trays.v!)).toBe(true);
    }
  });

  it('does not drop an end on the other one', () => {
    expect(moveTrayEndEdits(model([horizontal()]), 't1', 'end', [0, 0])).toEqual([]);
  });

  it('moves a whole tray in plan and keeps z', () => {
    const before = model([horizontal(), vertical]);
    const after = apply(before, [...moveTrayEdits(before, 't1', 1, -2), ...moveTrayEdits(before, 'v', 0.5, 0)]);
    expect(after.elec.trays.t1).toMatchObject({ start: [1, -2, 2.95], end: [5, -2, 2.95] });
    expect(after.elec.trays.v).toMatchObject({ start: [1.5, 1, 2.95], end: [1.5, 1, 6.45] });
    expect(() => moveTrayEdits(before, 'nope', 1, 1)).toThrow(/No tray nope/);
  });
});

describe('side panel fields', () => {
  it('sets a positive width and refuses others', () => {
    const before = model([horizontal()]);
    expect(apply(before, trayFieldEdits(before, 't1', 'width', 0.6)).elec.trays.t1!.width).toBe(0.6);
    expect(() => trayFieldEdits(before, 't1', 'width', 0)).toThrow(/positive/);
    expect(() => trayFieldEdits(before, 't1', 'width', -1)).toThrow(/positive/);
  });

  it('sets an end, keeping a vertical tray vertical, and refuses a zero length', () => {
    const before = model([horizontal(), newTray('v', 's0', [1, 1, 2.95], [1, 1, 6.45], 's1')]);
    expect(apply(before, trayFieldEdits(before, 't1', 'start', [0, 1, 2])).elec.trays.t1).toMatchObject({
      start: [0, 1, 2],
      end: [4, 0, 2.95],
    });
    expect(apply(before, trayFieldEdits(before, 'v', 'end', [2, 2, 7])).elec.trays.v).toMatchObject({
      start: [2, 2, 2.95],
      end: [2, 2, 7],
    });
    expect(() => trayFieldEdits(before, 't1', 'end', [0, 0, 2.95])).toThrow(/cannot start where it ends/);
  });

  it('clears to_storey_id when it equals the tray’s storey (P§5)', () => {
    const before = model([newTray('v', 's0', [1, 1, 2.95], [1, 1, 6.45], 's1')]);
    expect(trayFieldEdits(before, 'v', 'to_storey_id', 's0')).toEqual([{ path: ['elec', 'trays', 'v', 'to_storey_id'], value: '' }]);
    expect(apply(before, trayFieldEdits(before, 'v', 'to_storey_id', 's2')).elec.trays.v!.to_storey_id).toBe('s2');
    const moved = apply(before, trayFieldEdits(before, 'v', 'storey_id', 's1')).elec.trays.v!;
    expect([moved.storey_id, moved.to_storey_id]).toEqual(['s1', '']);
    expect(() => trayFieldEdits(before, 'v', 'storey_id', 'nope')).toThrow(/No storey nope/);
    expect(() => trayFieldEdits(before, 'v', 'to_storey_id', 'nope')).toThrow(/No storey nope/);
  });
});

describe('tray drawing geometry', () => {
  const inside = (ring: Point2[], [x, y]: Point2) =>
    ring.every((a, i) => {
      const b = ring[(i + 1) % ring.length]!;
      // Left of (or on) every edge of a counter-clockwise convex ring.
      return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) >= -1e-9;
    });
  const area = (ring: Point2[]) =>
    ring.reduce((sum, [x0, y0], i) => sum + (x0 * ring[(i + 1) % 4]![1] - ring[(i + 1) % 4]![0] * y0) / 2, 0);

  it('outlines a tray width across its run, counter-clockwise', () => {
    const ring = trayOutline(newTray('d', 's0', [0, 0, 3], [3, 4, 3]));
    const expected = [
      [0.12, -0.09],
      [3.12, 3.91],
      [2.88, 4.09],
      [-0.12, 0.09],
    ];
    ring.forEach((p, i) => p.forEach((c, j) => expect(c).toBeCloseTo(expected[i]![j]!, 12)));
    expect(area(ring)).toBeCloseTo(5 * 0.3, 12);
  });

  it('outlines a vertical tray as a width × width square', () => {
    const ring = trayOutline({ ...newTray('v', 's0', [1, 2, 3], [1, 2, 6], 's1'), width: 0.4 });
    expect(ring.map(([x, y]) => [+x.toFixed(9), +y.toFixed(9)])).toEqual([
      [0.8, 1.8],
      [1.2, 1.8],
      [1.2, 2.2],
      [0.8, 2.2],
    ]);
  });

  it('hatches length / spacing lines at 45° inside the outline, spacing apart along the run', () => {
    for (const [tray, spacing, count] of [
      [newTray('x', 's0', [0, 0, 3], [3, 0, 3]), 0.25, 12],
      [newTray('d', 's0', [1, 1, 3], [4, 5, 3]), 0.25, 20],
      [newTray('s', 's0', [0, 0, 3], [0, -1, 3]), 0.1, 10],
      [newTray('short', 's0', [0, 0, 3], [0.2, 0, 3]), 0.25, 1],
    ] as const) {
      const lines = trayHatch(tray, spacing);
      expect(lines).toHaveLength(count);
      const ring = trayOutline(tray);
      const length = Math.hypot(tray.end[0] - tray.start[0], tray.end[1] - tray.start[1]);
      const [ux, uy] = [(tray.end[0] - tray.start[0]) / length, (tray.end[1] - tray.start[1]) / length];
      const along = ([x, y]: Point2) => (x - tray.start[0]) * ux + (y - tray.start[1]) * uy;
      const across = ([x, y]: Point2) => -(x - tray.start[0]) * uy + (y - tray.start[1]) * ux;
      for (const [a, b] of lines) {
        expect(inside(ring, a) && inside(ring, b)).toBe(true);
        expect(along(b) - along(a)).toBeGreaterThan(0);
        expect(across(b) - across(a)).toBeCloseTo(along(b) - along(a), 9);
      }
      // Each line is u - v = c; successive c are `spacing` apart.
      const c = lines.map(([a]) => along(a) - across(a));
      c.slice(1).forEach((ck, k) => expect(ck - c[k]!).toBeCloseTo(spacing, 9));
    }
  });

  it('centres the hatch on the run and clips it to the outline', () => {
    const lines = trayHatch(newTray('x', 's0', [0, 0, 3], [2, 0, 3]));
    expect(lines).toHaveLength(8);
    lines.forEach(([a], k) => expect(a[0] - a[1]).toBeCloseTo(0.125 + k * 0.25, 12));
    expect(lines[0]![0][0]).toBeCloseTo(0, 12);
    expect(lines[3]).toEqual([
      [0.875 - 0.15, -0.15],
      [0.875 + 0.15, 0.15],
    ]);
  });

  it('hatches a vertical tray with its two diagonals', () => {
    const lines = trayHatch({ ...newTray('v', 's0', [1, 1, 3], [1, 1, 6], 's1'), width: 0.2 });
    expect(lines.map((l) => l.map(([x, y]) => [+x.toFixed(9), +y.toFixed(9)]))).toEqual([
      [
        [0.9, 0.9],
        [1.1, 1.1],
      ],
      [
        [1.1, 0.9],
        [0.9, 1.1],
      ],
    ]);
  });
});

describe('joined trays', () => {
  const at = (id: string, start: Point2, end: Point2): Tray => newTray(id, 's0', [start[0], start[1], 2.95], [end[0], end[1], 2.95]);
  it('know which ends meet another tray, and reach half a width past them so a corner has no notch', () => {
    const a = at('a', [0, 0], [4, 0]);
    const b = at('b', [4, 0], [4, 3]);
    const joints = joinedEnds([a, b, at('c', [10, 10], [12, 10])]);
    expect(joints.get('a')).toEqual({ start: false, end: true });
    expect(joints.get('b')).toEqual({ start: true, end: false });
    expect(joints.get('c')).toEqual({ start: false, end: false });
    // 0.3 wide: a reaches x = 4.15 at its joined end, and b starts at y = -0.15; together they cover the corner square.
    expect(trayOutline(a, joints.get('a'))).toEqual([
      [0, -0.15],
      [4.15, -0.15],
      [4.15, 0.15],
      [0, 0.15],
    ]);
    expect(Math.min(...trayOutline(b, joints.get('b')).map((p) => p[1]))).toBeCloseTo(-0.15);
  });
});
