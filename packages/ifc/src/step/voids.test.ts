import { describe, expect, it } from 'vitest';
import { polygonArea, type Wall } from '@edrf/model';
import { extractIfc } from '../index.js';
import { tinyGlobalId as gid, tinyIfc } from '../test-support.js';
import { openingsUncut } from './voids.js';

/** A wall's area in plan: its exterior ring (walls have no holes). */
const planArea = (wall: Wall) => polygonArea({ exterior: wall.shape.exterior.map(([x, y]) => [x, y] as const), interiors: [] });
const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const bytes = (s: string) => new TextEncoder().encode(s);

describe('openingsUncut', () => {
  it('renames each IfcRelVoidsElement entity and reads which opening voids which element', () => {
    const original = bytes(
      "#75= IFCRELVOIDSELEMENT ('g',$,$,$,#57,#74);\n#9=IFCRELVOIDSELEMENT('h',$,$,$,#1,#2);\n#8=IFCRELVOIDSELEMENT('i',$,$,$,#57,#3);\n",
    );
    const { bytes: uncut, voids } = openingsUncut(original);
    expect(text(uncut)).toBe(
      "#75= IFCRELPROJECTSELEMENT ('g',$,$,$,#57,#74);\n#9=IFCRELPROJECTSELEMENT('h',$,$,$,#1,#2);\n#8=IFCRELPROJECTSELEMENT('i',$,$,$,#57,#3);\n",
    );
    expect(voids.openingsOf).toEqual(
      new Map([
        [57, [74, 3]],
        [1, [2]],
      ]),
    );
    expect(voids.hostsOf).toEqual(
      new Map([
        [74, [57]],
        [2, [1]],
        [3, [57]],
      ]),
    );
    expect(text(original)).toContain('#75= IFCRELVOIDSELEMENT');
  });

  it('leaves the name alone inside strings, and answers the same bytes when there is nothing to rename', () => {
    const original = bytes("#1=IFCWALL('IFCRELVOIDSELEMENT(',$,'a=IFCRELVOIDSELEMENT',$);\n");
    expect(openingsUncut(original)).toEqual({ bytes: original, voids: { hostsOf: new Map(), openingsOf: new Map() } });
  });
});

/** The small file with the door's opening given a box as tall as `heightMm` from the wall's foot. */
function withOpeningBox(heightMm: number): Uint8Array {
  const box = [
    '#91=IFCCARTESIANPOINT((450.,-100.));',
    '#92=IFCAXIS2PLACEMENT2D(#91,$);',
    '#93=IFCRECTANGLEPROFILEDEF(.AREA.,$,#92,900.,200.);',
    `#94=IFCEXTRUDEDAREASOLID(#93,#4,#2,${heightMm}.);`,
    "#95=IFCSHAPEREPRESENTATION(#6,'Body','SweptSolid',(#94));",
    '#96=IFCPRODUCTDEFINITIONSHAPE($,$,(#95));',
  ].join('\n');
  const original = tinyIfc();
  const edited = original.replace(
    `#74=IFCOPENINGELEMENT('${gid(16)}',$,'Opening',$,$,#73,$,$,.OPENING.);`,
    `${box}\n#74=IFCOPENINGELEMENT('${gid(16)}',$,'Opening',$,$,#73,#96,$,.OPENING.);`,
  );
  expect(edited).not.toBe(original);
  return bytes(edited);
}

describe('openings in plan', () => {
  // The wall is 0.2 m × 5 m and 3 m high; the opening is 0.9 m of its length, through its thickness.
  it('an opening lower than its wall leaves the wall whole in plan', async () => {
    const { arch } = await extractIfc(withOpeningBox(2100));
    expect(planArea(arch.walls[gid(13)]!)).toBeCloseTo(1, 6);
    expect(Object.values(arch.wall_openings)).toEqual([expect.objectContaining({ wall_id: gid(13), min_z: 0, max_z: 2.1 })]);
  });

  it('an opening through the whole height of its wall cuts the wall in plan; the larger piece is the wall', async () => {
    const { arch } = await extractIfc(withOpeningBox(3000));
    const wall = arch.walls[gid(13)]!;
    expect(planArea(wall)).toBeCloseTo(0.2 * 3.1, 5);
    expect(Math.min(...wall.shape.exterior.map((p) => p[1]))).toBeCloseTo(1.9, 5);
    expect(Object.values(arch.wall_openings)).toEqual([expect.objectContaining({ wall_id: gid(13), min_z: 0, max_z: 3 })]);
  });
});
