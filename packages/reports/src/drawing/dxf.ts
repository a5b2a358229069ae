import {
  DxfWriter,
  HatchBoundaryPaths,
  HatchPolylineBoundary,
  HatchPredefinedPatterns,
  LWPolylineFlags,
  TextHorizontalAlignment,
  TextVerticalAlignment,
  TrueColor,
  Units,
  pattern,
  vertex,
  type DxfBlock,
} from '@tarikjabiri/dxf';
import type { SymbolKey, SymbolSet } from '../symbols/library.js';
import type { Item, Pt } from './items.js';
import { DxfEntityRecords } from './dxf-entities.js';
import type { Sheet } from './sheet-set.js';

/** Between two sheets laid side by side in model space (paper mm). */
const SHEET_GAP = 20;

/** The DXF block of a symbol: one definition, inserted once per unit. */
export const symbolBlockName = (key: string) => `SYM_${key.toUpperCase()}`;

type Entities = Pick<DxfBlock, 'addLWPolyline' | 'addCircle' | 'addText' | 'addHatch' | 'addInsert'>;

/**
 * Where a sheet goes in model space: a paper point (mm) to model units, and paper mm to model units for sizes (text
 * heights, radii, symbol inserts).
 */
interface Placement {
  at: (p: Pt) => [number, number];
  k: number;
}

/**
 * Writes sheets into one DXF (R2007, UTF-8): a layer per kind of content, a block per symbol inserted per unit.
 * Plan sheets (`modelSpace` given) go into model space at 1:1 in metres ($INSUNITS 6): the plan where the model has
 * it, so that a CAD user measures true lengths and can overlay the architect's drawing, and the sheet's frame, panel
 * and title block round it at the sheet's scale on their own layers; a second sheet of the group (a storey's next
 * tile) to the right of the first. Other sheets are drawn in millimetres of paper, side by side, to plot at 1:1.
 */
export function sheetsToDxf(sheets: Iterable<Sheet>, symbols: SymbolSet, layerColours: Readonly<Record<string, number>>): string {
  return new TextDecoder().decode(sheetsToDxfBytes(sheets, symbols, layerColours));
}

/** sheetsToDxf's file as its UTF-8 bytes, made without the file ever being one string (a storey's is megabytes). */
export function sheetsToDxfBytes(sheets: Iterable<Sheet>, symbols: SymbolSet, layerColours: Readonly<Record<string, number>>): Uint8Array {
  const dxf = new DxfWriter();
  const records = new DxfEntityRecords(dxf.modelSpace.blockRecord.handle);
  let units: 'm' | 'mm' | null = null;
  const blocks = new Set<string>();
  const layers = new Set<string>();
  const layer = (name: string) => {
    if (!layers.has(name)) {
      dxf.addLayer(name, layerColours[name] ?? 7, 'Continuous');
      layers.add(name);
    }
    return name;
  };
  const block = (key: string) => {
    const name = symbolBlockName(key);
    if (!blocks.has(name)) {
      const def = symbols.symbols[key as SymbolKey];
      const b = dxf.addBlock(name);
      if (def) writeSymbol(b, def.shapes, symbols.size_mm / 2);
      blocks.add(name);
    }
    return name;
  };
  // Where the sheet drawn last ends to the right (model units), and the gap its scale gives.
  let right: number | null = null;
  for (const sheet of sheets) {
    const sheetUnits = sheet.modelSpace ? 'm' : 'mm';
    units ??= sheetUnits;
    if (units !== sheetUnits) throw new Error('A DXF holds plan sheets (in metres) or other sheets (in mm), not both');
    const placement = placementOf(sheet, right);
    for (const item of sheet.items) writeItem(records, item, placement, layer, block);
    right = placement.at([sheet.layout.width, 0])[0] + SHEET_GAP * placement.k;
  }
  dxf.setUnits(units === 'm' ? Units.Meters : Units.Millimeters);
  return records.bytesWith(dxf);
}

/** A sheet's placement: its plan at 1:1 in metres, or its paper in mm; to the right of `right` if a sheet is there. */
function placementOf(sheet: Sheet, right: number | null): Placement {
  const space = sheet.modelSpace;
  const k = space ? sheet.scale / 1000 : 1;
  const base = (p: Pt): [number, number] =>
    space ? [space.world[0] + (p[0] - space.paper[0]) * k, space.world[1] + (p[1] - space.paper[1]) * k] : [p[0], p[1]];
  const shift = right === null ? 0 : right - base([0, 0])[0];
  return { at: (p) => [base(p)[0] + shift, base(p)[1]], k };
}

const colour = (hex: string | null | undefined) => (hex ? String(TrueColor.fromHex(hex)) : undefined);

function writeItem(
  out: DxfEntityRecords,
  item: Item,
  place: Placement,
  layer: (name: string) => string,
  block: (key: string) => string,
): void {
  const p = place.at;
  const layerName = layer(item.layer);
  switch (item.kind) {
    case 'path': {
      const points = item.points.map(p);
      if (item.closed && item.fill && item.fill !== '#ffffff') out.solidHatch(points, layerName, colour(item.fill));
      // Bulges hold under the placement (a uniform scale and a shift): the arcs go into model space as they are.
      if (item.stroke) out.lwpolyline(points, item.closed, layerName, colour(item.stroke), item.bulges);
      return;
    }
    case 'circle': {
      const [x, y] = p(item.centre);
      out.circle(x, y, item.radius * place.k, layerName, colour(item.stroke ?? item.fill ?? null));
      return;
    }
    case 'text': {
      const [x, y] = p(item.at);
      const align = item.anchor === 'left' ? 0 : item.anchor === 'centre' ? 1 : 2;
      out.text(x, y, item.size * place.k, item.text, align, item.rotation ?? 0, layerName, colour(item.colour ?? null));
      return;
    }
    case 'symbol': {
      const [x, y] = p(item.at);
      // The block is drawn in paper mm: scaled to the sheet's scale in model space.
      out.insert(block(item.symbol), x, y, place.k, item.rotation ?? 0, layerName);
      return;
    }
  }
}

function solid(out: Entities, points: readonly [number, number][], fill: string, layerName: string): void {
  const boundary = new HatchBoundaryPaths();
  boundary.addPolylineBoundary(new HatchPolylineBoundary(points.map(([x, y]) => vertex(x, y))));
  out.addHatch(boundary, pattern({ name: HatchPredefinedPatterns.SOLID }), { layerName, trueColor: colour(fill) });
}

function text(
  out: Entities,
  at: [number, number],
  size: number,
  value: string,
  anchor: 'left' | 'centre' | 'right',
  layerName: string,
  trueColor: string | undefined,
  rotation: number,
): void {
  const point = { x: at[0], y: at[1], z: 0 };
  const horizontalAlignment =
    anchor === 'left' ? TextHorizontalAlignment.Left : anchor === 'centre' ? TextHorizontalAlignment.Center : TextHorizontalAlignment.Right;
  out.addText(point, size, value, {
    layerName,
    trueColor,
    rotation,
    horizontalAlignment,
    verticalAlignment: TextVerticalAlignment.BaseLine,
    secondAlignmentPoint: anchor === 'left' ? undefined : point,
  });
}

/** A symbol's shapes into its block, at paper size (1 unit of the set's box = `unit` mm). */
function writeSymbol(b: DxfBlock, shapes: SymbolSet['symbols'][SymbolKey]['shapes'], unit: number): void {
  const layerName = '0';
  for (const shape of shapes) {
    if ('circle' in shape) {
      const centre = { x: shape.circle[0] * unit, y: shape.circle[1] * unit, z: 0 };
      if (shape.fill && shape.fill !== '#ffffff') {
        const ring: [number, number][] = Array.from({ length: 24 }, (_, i) => [
          centre.x + shape.circle[2] * unit * Math.cos((i * Math.PI) / 12),
          centre.y + shape.circle[2] * unit * Math.sin((i * Math.PI) / 12),
        ]);
        solid(b, ring, shape.fill, layerName);
      }
      b.addCircle(centre, shape.circle[2] * unit, { layerName });
    } else if ('poly' in shape) {
      const points = shape.poly.map(([x, y]) => [x * unit, y * unit] as [number, number]);
      const closed = shape.closed ?? true;
      if (closed && shape.fill && shape.fill !== '#ffffff') solid(b, points, shape.fill, layerName);
      b.addLWPolyline(
        points.map(([x, y]) => ({ point: { x, y } })),
        { layerName, flags: closed ? LWPolylineFlags.Closed : LWPolylineFlags.None },
      );
    } else {
      const size = shape.size * unit;
      text(b, [shape.at[0] * unit, shape.at[1] * unit - size / 2], size, shape.text, 'centre', layerName, undefined, 0);
    }
  }
}
