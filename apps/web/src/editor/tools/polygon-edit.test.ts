import { describe, expect, it } from 'vitest';
import { closesDrawing, editMove, editOutline, editPress, editRelease, editRemovePoint, startDraw, startShapeEdit } from './polygon-edit';
import { rect } from '../arch/test-arch';

describe('drawing a room', () => {
  it('adds a corner per press and follows the pointer; Backspace drops the last', () => {
    let edit = startDraw();
    for (const p of rect(0, 0, 2, 2)) edit = editPress(edit, p, 0.1);
    edit = editMove(edit, [5, 5]);
    expect(editOutline(edit)).toEqual(rect(0, 0, 2, 2));
    expect(editOutline(editRemovePoint(edit))).toEqual(rect(0, 0, 2, 2).slice(0, 3));
  });
});

describe('closing a drawn room', () => {
  it('a press on the first corner closes an outline of at least 3 corners', () => {
    let edit = startDraw();
    edit = editPress(edit, [0, 0], 0.1);
    edit = editPress(edit, [2, 0], 0.1);
    expect(closesDrawing(edit, [0.05, 0], 0.1)).toBe(false);
    edit = editPress(edit, [2, 2], 0.1);
    expect(closesDrawing(edit, [0.05, 0], 0.1)).toBe(true);
    expect(closesDrawing(edit, [0.5, 0], 0.1)).toBe(false);
    expect(closesDrawing(startShapeEdit(rect(0, 0, 1, 1)), [0, 0], 0.1)).toBe(false);
  });
});

describe('editing a room’s shape', () => {
  const start = startShapeEdit(rect(0, 0, 4, 3));

  it('drags a corner pressed within the tolerance', () => {
    let edit = editPress(start, [4.05, 3.02], 0.1);
    edit = editMove(edit, [5, 3]);
    edit = editRelease(edit);
    expect(editOutline(edit)).toEqual([
      [0, 0],
      [4, 0],
      [5, 3],
      [0, 3],
    ]);
    // Released: moving no longer drags.
    expect(editMove(edit, [9, 9])).toBe(edit);
  });

  it('adds a corner where an edge is pressed, and drags it', () => {
    let edit = editPress(start, [2, 0.05], 0.1);
    edit = editMove(edit, [2, -1]);
    expect(editOutline(edit)).toEqual([
      [0, 0],
      [2, -1],
      [4, 0],
      [4, 3],
      [0, 3],
    ]);
  });

  it('ignores a press away from the outline', () => {
    expect(editPress(start, [2, 1.5], 0.1)).toBe(start);
  });
});
