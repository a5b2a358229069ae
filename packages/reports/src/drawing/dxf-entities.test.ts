// The entity records dxf.ts writes as text against @tarikjabiri/dxf writing the same entities through its objects: the
// same group codes in the same order, the same values (numbers to the millionth the records keep), handles aside; and
// the file they make read back whole by dxf-parser.
import {
  DxfWriter,
  HatchBoundaryPaths,
  HatchPolylineBoundary,
  HatchPredefinedPatterns,
  LWPolylineFlags,
  TextHorizontalAlignment,
  TextVerticalAlignment,
  TrueColor,
  pattern,
  vertex,
} from '@tarikjabiri/dxf';
import { describe, expect, it } from 'vitest';
import { DxfEntityRecords } from './dxf-entities.js';
import { readDxf } from './read-back.js';

type Pt = [number, number];
const ring: Pt[] = [
  [0.1 + 0.2, 10],
  [12.3456789, -4.25],
  [7, 1e-7],
];
const colour = String(TrueColor.fromHex('#d62828'));

/** The same entities through both writers. */
function both(write: (lib: DxfWriter, ours: DxfEntityRecords) => void): { lib: string; ours: string } {
  const a = new DxfWriter();
  a.addLayer('L', 1, 'Continuous');
  const b = new DxfWriter();
  b.addLayer('L', 1, 'Continuous');
  const records = new DxfEntityRecords(b.modelSpace.blockRecord.handle);
  write(a, records);
  return { lib: a.stringify(), ours: new TextDecoder().decode(records.bytesWith(b)) };
}

/** The ENTITIES section as (code, value) pairs, handles blanked, numbers rounded as the records round them. */
function entities(text: string): [string, string][] {
  const lines = text.slice(text.indexOf('\nENTITIES\n') + 1, text.indexOf('\nENDSEC', text.indexOf('\nENTITIES\n'))).split('\n');
  const pairs: [string, string][] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const [code, value] = [lines[i]!.trim(), lines[i + 1]!];
    const numeric = /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(value) && code !== '1' && code !== '8';
    pairs.push([code, code === '5' ? 'handle' : numeric ? String(Math.round(Number(value) * 1e6) / 1e6) : value]);
  }
  return pairs;
}

describe('the DXF entity records', () => {
  it('write what the library writes: polylines open and closed, with arcs (bulges), circles, texts of each anchor, inserts, solid hatches', () => {
    const { lib, ours } = both((l, o) => {
      l.addLWPolyline(
        ring.map(([x, y]) => ({ point: { x, y } })),
        { layerName: 'L', flags: LWPolylineFlags.Closed, trueColor: colour, constantWidth: 0 },
      );
      o.lwpolyline(ring, true, 'L', colour);
      l.addLWPolyline(
        ring.map(([x, y]) => ({ point: { x, y } })),
        { layerName: 'L', flags: LWPolylineFlags.None, trueColor: undefined, constantWidth: 0 },
      );
      o.lwpolyline(ring, false, 'L');
      // A revision cloud's arcs: a bulge per vertex, the straight one's 0.
      const bulges = [0.57735, -1, 0];
      l.addLWPolyline(
        ring.map(([x, y], i) => ({ point: { x, y }, bulge: bulges[i] })),
        { layerName: 'L', flags: LWPolylineFlags.Closed, trueColor: colour, constantWidth: 0 },
      );
      o.lwpolyline(ring, true, 'L', colour, bulges);
      l.addCircle({ x: 1.25, y: -3, z: 0 }, 0.75, { layerName: 'L', trueColor: colour });
      o.circle(1.25, -3, 0.75, 'L', colour);
      for (const [anchor, align] of [
        [TextHorizontalAlignment.Left, 0],
        [TextHorizontalAlignment.Center, 1],
        [TextHorizontalAlignment.Right, 2],
      ] as const) {
        const point = { x: 3.5, y: 4.75, z: 0 };
        l.addText(point, 0.38, 'Förråd Å Ω – 1.2', {
          layerName: 'L',
          trueColor: align === 1 ? colour : undefined,
          rotation: 30 * align,
          horizontalAlignment: anchor,
          verticalAlignment: TextVerticalAlignment.BaseLine,
          secondAlignmentPoint: align === 0 ? undefined : point,
        });
        o.text(3.5, 4.75, 0.38, 'Förråd Å Ω – 1.2', align, 30 * align, 'L', align === 1 ? colour : undefined);
      }
      l.addInsert('SYM_SMOKE', { x: 5, y: 6, z: 0 }, { layerName: 'L', rotationAngle: 45, scaleFactor: { x: 0.2, y: 0.2, z: 0.2 } });
      o.insert('SYM_SMOKE', 5, 6, 0.2, 45, 'L');
      const boundary = new HatchBoundaryPaths();
      boundary.addPolylineBoundary(new HatchPolylineBoundary(ring.map(([x, y]) => vertex(x, y))));
      l.addHatch(boundary, pattern({ name: HatchPredefinedPatterns.SOLID }), { layerName: 'L', trueColor: colour });
      o.solidHatch(ring, 'L', colour);
    });
    const expected = entities(lib);
    expect(expected.filter(([code]) => code === '0').map(([, type]) => type)).toEqual([
      'LWPOLYLINE',
      'LWPOLYLINE',
      'LWPOLYLINE',
      'CIRCLE',
      'TEXT',
      'TEXT',
      'TEXT',
      'INSERT',
      'HATCH',
    ]);
    expect(entities(ours)).toEqual(expected);
  });

  it('give each entity its own handle below $HANDSEED, owned by the model space, and read back whole', () => {
    const { ours } = both((_l, o) => {
      for (let i = 0; i < 50; i++) o.lwpolyline(ring, true, 'L', colour);
      o.text(1, 2, 0.25, 'Kontor', 1, 0, 'L');
    });
    const handles = [...ours.matchAll(/\n0\n(?:LWPOLYLINE|TEXT)\n5\n([0-9A-F]+)\n/g)].map((m) => parseInt(m[1]!, 16));
    expect(new Set(handles).size).toBe(51);
    const seed = parseInt(ours.match(/\n\$HANDSEED\n5\n([0-9A-F]+)/)![1]!, 16);
    expect(Math.max(...handles)).toBeLessThan(seed);
    // No handle of ours is one the library gave the tables, blocks and objects.
    const others = [...ours.matchAll(/\n5\n([0-9A-F]+)\n/g)].map((m) => parseInt(m[1]!, 16)).filter((h) => !handles.includes(h));
    expect(others.length).toBeGreaterThan(10);
    for (const h of others) expect(handles).not.toContain(h);
    const dxf = readDxf(ours);
    expect(dxf.entities).toHaveLength(51);
    expect(dxf.entities.at(-1)!.text).toBe('Kontor');
    const micro = (v: number) => Math.round(v * 1e6) / 1e6;
    expect(dxf.entities[0]!.vertices!.map((v) => [v.x, v.y])).toEqual(ring.map(([x, y]) => [micro(x), micro(y)]));
  });

  it('make a whole file without any entity', () => {
    const { lib, ours } = both(() => {});
    expect(entities(ours)).toEqual(entities(lib));
    expect(readDxf(ours).entities).toEqual([]);
  });
});
