// The model-space entities of a DXF written straight as UTF-8, group code by group code as @tarikjabiri/dxf 2.9 writes
// them (dxf-entities.test.ts holds the two to the same), without an object and a line array entry per group: a plan's
// DXF has some 100,000 entities, and the library's objects and strings took most of a drawing's time and memory.
// dxf.ts keeps the library for the rest of the file (header, tables, blocks, objects); these go where it writes its
// model space's entities.
import type { DxfWriter } from '@tarikjabiri/dxf';

/** A coordinate or size as written: to a millionth of the unit (a micrometre of a plan in metres). */
const num = (v: number) => String(Math.round(v * 1e6) / 1e6);

/**
 * Records are encoded to bytes this many at a time: a record built from pieces is a tree of small strings, and strings
 * kept to the end of a file (a storey's is megabytes, in UTF-16 where a title has a dash) were most of the memory a
 * drawing took.
 */
const CHUNK = 256;

/** Where the records go in the library's text: a line no DXF holds. */
const MARKER = '\u0000edrf-entities\u0000';

/** Our handles start here, far above the library's own (a few hundred for the tables, layers and blocks). */
const FIRST_HANDLE = 0x100000;

/** TEXT's horizontal alignment (group 72): left, centre, right. */
export type TextAlign = 0 | 1 | 2;

export class DxfEntityRecords {
  private parts: string[] = [];
  private readonly chunks: Buffer[] = [];
  private handle = FIRST_HANDLE;
  private readonly extent = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };

  /** `owner`: the handle of the model space's block record, which every entity names (group 330). */
  constructor(private readonly owner: string) {}

  /** The entity's common groups, as the library's Entity.dxfy writes them for what we set. */
  private head(type: string, subclass: string, layer: string, trueColor: string | undefined): string {
    const colour = trueColor === undefined ? '' : `420\n${trueColor}\n`;
    return `0\n${type}\n5\n${(this.handle++).toString(16).toUpperCase()}\n330\n${this.owner}\n100\nAcDbEntity\n${colour}8\n${layer}\n100\n${subclass}`;
  }

  private add(record: string): void {
    this.parts.push(record);
    if (this.parts.length >= CHUNK) this.encode();
  }

  /** The records so far as UTF-8, a line apart from those before. */
  private encode(): void {
    if (!this.parts.length) return;
    this.chunks.push(Buffer.from(`${this.chunks.length ? '\n' : ''}${this.parts.join('\n')}`, 'utf8'));
    this.parts = [];
  }

  private see(x: number, y: number): void {
    const e = this.extent;
    if (x < e.minX) e.minX = x;
    if (x > e.maxX) e.maxX = x;
    if (y < e.minY) e.minY = y;
    if (y > e.maxY) e.maxY = y;
  }

  /** `bulges`: per vertex, the bulge of the segment from it (arcs.ts), written as the library writes a vertex's bulge. */
  lwpolyline(
    points: readonly (readonly [number, number])[],
    closed: boolean,
    layer: string,
    trueColor?: string,
    bulges?: readonly number[],
  ): void {
    let vertices = '';
    points.forEach(([x, y], i) => {
      vertices += `\n10\n${num(x)}\n20\n${num(y)}`;
      if (bulges) vertices += `\n42\n${num(bulges[i] ?? 0)}`;
      this.see(x, y);
    });
    this.add(
      `${this.head('LWPOLYLINE', 'AcDbPolyline', layer, trueColor)}\n90\n${points.length}\n70\n${closed ? 1 : 0}\n43\n0\n38\n0\n39\n0${vertices}`,
    );
  }

  circle(x: number, y: number, radius: number, layer: string, trueColor?: string): void {
    this.see(x - radius, y - radius);
    this.see(x + radius, y + radius);
    this.add(`${this.head('CIRCLE', 'AcDbCircle', layer, trueColor)}\n10\n${num(x)}\n20\n${num(y)}\n30\n0\n40\n${num(radius)}`);
  }

  /** A one-line TEXT at its baseline: `align` 0 at its left end, 1 its centre, 2 its right end. */
  text(x: number, y: number, height: number, value: string, align: TextAlign, rotation: number, layer: string, trueColor?: string): void {
    this.see(x, y);
    const [px, py] = [num(x), num(y)];
    const second = align === 0 ? '' : `\n11\n${px}\n21\n${py}\n31\n0`;
    this.add(
      `${this.head('TEXT', 'AcDbText', layer, trueColor)}\n10\n${px}\n20\n${py}\n30\n0\n40\n${num(height)}\n1\n${value}\n50\n${num(rotation)}\n7\nSTANDARD\n72\n${align}${second}\n100\nAcDbText\n73\n0`,
    );
  }

  insert(block: string, x: number, y: number, scale: number, rotation: number, layer: string): void {
    this.see(x, y);
    const s = num(scale);
    this.add(
      `${this.head('INSERT', 'AcDbBlockReference', layer, undefined)}\n2\n${block}\n10\n${num(x)}\n20\n${num(y)}\n30\n0\n41\n${s}\n42\n${s}\n43\n${s}\n50\n${num(rotation)}\n66\n0\n70\n1\n71\n1\n44\n0\n45\n0`,
    );
  }

  /** A solid fill of a polygon (one polyline boundary), as the library's HATCH with a SOLID pattern. */
  solidHatch(points: readonly (readonly [number, number])[], layer: string, trueColor?: string): void {
    let vertices = '';
    for (const [x, y] of points) {
      vertices += `\n10\n${num(x)}\n20\n${num(y)}`;
      this.see(x, y);
    }
    this.add(
      `${this.head('HATCH', 'AcDbHatch', layer, trueColor)}\n10\n0\n20\n0\n30\n0\n210\n0\n220\n0\n230\n1\n2\nSOLID\n70\n1\n71\n0\n91\n1\n92\n7\n72\n0\n73\n1\n93\n${points.length}${vertices}\n97\n0\n75\n1\n76\n1\n47\n1\n98\n0`,
    );
  }

  /**
   * The file: the library's text (the view it opens on fitted to the records, $HANDSEED past our handles) with the
   * records where it writes its model space's entities, after any of its own, as UTF-8.
   */
  bytesWith(dxf: DxfWriter): Uint8Array {
    this.encode();
    const e = this.extent;
    const box = Number.isFinite(e.minX)
      ? { tl: { x: e.minX, y: e.maxY, z: 0 }, br: { x: e.maxX, y: e.minY, z: 0 } }
      : { tl: { x: 0, y: 0, z: 0 }, br: { x: 0, y: 0, z: 0 } };
    // One entity of the library's model space that writes a marker line where the records go, and gives their box.
    const records = { dxfy: (dx: { lines: string[] }) => dx.lines.push(MARKER), boundingBox: () => box };
    (dxf.modelSpace.entities as unknown[]).push(records);
    const seed = this.handle.toString(16).toUpperCase();
    const text = dxf.stringify().replace(/(\n\$HANDSEED\n5\n)[0-9A-F]+/, `$1${seed}`);
    const at = text.indexOf(`\n${MARKER}\n`);
    // Without records, the marker's line goes with one of its two line breaks.
    const [before, after] = this.chunks.length
      ? [text.slice(0, at + 1), text.slice(at + MARKER.length + 1)]
      : [text.slice(0, at), text.slice(at + MARKER.length + 1)];
    const bytes = Buffer.concat([Buffer.from(before, 'utf8'), ...this.chunks, Buffer.from(after, 'utf8')]);
    this.chunks.length = 0;
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
