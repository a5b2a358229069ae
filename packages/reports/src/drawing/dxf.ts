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
import type { Sheet } from './sheet-set.js';

/** Between two sheets laid side by side in model space (mm). */
const SHEET_GAP = 20;

/** The DXF block of a symbol: one definition, inserted once per unit. */
export const symbolBlockName = (key: string) => `SYM_${key.toUpperCase()}`;

type Entities = Pick<DxfBlock, 'addLWPolyline' | 'addCircle' | 'addText' | 'addHatch' | 'addInsert'>;

/**
 * Writes sheets into one DXF (R2007, UTF-8) in millimetres of paper: the sheets side by side in model space, each
 * with its frame and title block, a layer per kind of content, a block per symbol inserted per unit. Plotted at 1:1
 * it gives the sheets; measured, a plan length is its metres at the sheet's scale, as on the PDF.
 */
export function sheetsToDxf(sheets: Iterable<Sheet>, symbols: SymbolSet, layerColours: Readonly<Record<string, number>>): string {
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Millimeters);
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
  let x0 = 0;
  for (const sheet of sheets) {
    for (const item of sheet.items) writeItem(dxf, item, [x0, 0], layer, block);
    x0 += sheet.layout.width + SHEET_GAP;
  }
  return dxf.stringify();
}

const colour = (hex: string | null | undefined) => (hex ? String(TrueColor.fromHex(hex)) : undefined);

function writeItem(out: Entities, item: Item, o: Pt, layer: (name: string) => string, block: (key: string) => string): void {
  const p = (q: Pt): [number, number] => [q[0] + o[0], q[1] + o[1]];
  const layerName = layer(item.layer);
  switch (item.kind) {
    case 'path': {
      if (item.closed && item.fill && item.fill !== '#ffffff') solid(out, item.points.map(p), item.fill, layerName);
      if (item.stroke)
        out.addLWPolyline(
          item.points.map((q) => ({ point: { x: q[0] + o[0], y: q[1] + o[1] } })),
          {
            layerName,
            flags: item.closed ? LWPolylineFlags.Closed : LWPolylineFlags.None,
            trueColor: colour(item.stroke),
            constantWidth: 0,
          },
        );
      return;
    }
    case 'circle': {
      const [x, y] = p(item.centre);
      out.addCircle({ x, y, z: 0 }, item.radius, { layerName, trueColor: colour(item.stroke ?? item.fill ?? null) });
      return;
    }
    case 'text': {
      const [x, y] = p(item.at);
      text(out, [x, y], item.size, item.text, item.anchor, layerName, colour(item.colour ?? null), item.rotation ?? 0);
      return;
    }
    case 'symbol': {
      const [x, y] = p(item.at);
      out.addInsert(block(item.symbol), { x, y, z: 0 }, { layerName, rotationAngle: item.rotation ?? 0 });
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
