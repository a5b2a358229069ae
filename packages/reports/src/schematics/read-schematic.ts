// Test support: a schematic's DXF read back into what its boxes say — per loop, storey, zone and symbol the device
// count printed, per loop and storey the isolators — found as a reader finds them: the loop by the heading over the
// box's column, the storey by the band between the floor lines the box stands in, the symbol above a count, the zone
// on its row.
import type { DxfEntity, DxfRead } from '../drawing/read-back.js';
import { LAYERS } from './layers.js';

type Text = DxfEntity & { startPoint: { x: number; y: number }; text: string; textHeight: number };
type Poly = DxfEntity & { vertices: { x: number; y: number }[]; shape?: boolean };

export interface BoxRead {
  loop: string;
  storey: string;
  /** zone label → symbol block name → count. */
  counts: Map<string, Map<string, number>>;
  isolators: number;
}

const near = (a: number, b: number, tolerance = 0.3) => Math.abs(a - b) <= tolerance;

/** The boxes of a one-sheet schematic's DXF; `isLoopHeading` tells a loop's name among the heading texts. */
export function readBoxes(dxf: DxfRead, isLoopHeading: (text: string) => boolean): BoxRead[] {
  const texts = dxf.entities.filter((e): e is Text => e.type === 'TEXT' && !!(e as Text).startPoint);
  const on = (layer: string) => texts.filter((t) => t.layer === layer);
  const floors = [
    ...new Set(
      dxf.entities
        .filter((e): e is Poly => e.type === 'LWPOLYLINE' && e.layer === LAYERS.storeys)
        .filter((p) => p.vertices.length === 2 && near(p.vertices[0]!.y, p.vertices[1]!.y, 1e-6))
        .map((p) => p.vertices[0]!.y),
    ),
  ].sort((a, b) => a - b);
  const bandOf = (y: number) => floors.findIndex((f, i) => y >= f && y < (floors[i + 1] ?? -Infinity));
  // A storey's name: the first (bold) line of the name texts in its band, its lines joined.
  const names = new Map<number, string>();
  for (const t of on(LAYERS.storeyNames)
    .filter((t) => t.textHeight > 2.2)
    .sort((a, b) => b.startPoint.y - a.startPoint.y)) {
    const band = bandOf(t.startPoint.y);
    if (band >= 0) names.set(band, names.has(band) ? `${names.get(band)} ${t.text}` : t.text);
  }
  const headings = on(LAYERS.loopTexts).filter((t) => isLoopHeading(t.text));
  const inserts = dxf.entities.filter((e) => e.type === 'INSERT' && e.layer === LAYERS.devices);
  const boxes = dxf.entities.filter(
    (e): e is Poly => e.type === 'LWPOLYLINE' && e.layer === LAYERS.boxes && (e as Poly).vertices.length === 4,
  );
  return boxes.map((box) => {
    const xs = box.vertices.map((v) => v.x);
    const ys = box.vertices.map((v) => v.y);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const inside = (p: { x: number; y: number }) => p.x > x0 && p.x < x1 && p.y > y0 && p.y < y1;
    const heading = headings.filter((h) => h.startPoint.x <= x0).sort((a, b) => b.startPoint.x - a.startPoint.x)[0];
    const symbols = inserts.filter((i) => inside(i.position!));
    const zones = on(LAYERS.zones).filter((t) => inside(t.startPoint));
    const counts = new Map<string, Map<string, number>>();
    for (const t of on(LAYERS.counts).filter((t) => inside(t.startPoint))) {
      const symbol = symbols.find((s) => near(s.position!.x, t.startPoint.x));
      const zone = zones.find((z) => near(z.startPoint.y, t.startPoint.y));
      if (!symbol || !zone) continue;
      const row = counts.get(zone.text) ?? new Map<string, number>();
      counts.set(zone.text, row);
      row.set(symbol.name!, Number(t.text));
    }
    const isolatorText = on(LAYERS.isolators).find((t) => inside(t.startPoint));
    return {
      loop: heading?.text ?? '',
      storey: names.get(bandOf((y0 + y1) / 2)) ?? '',
      counts,
      isolators: Number(isolatorText?.text.replace(/[^0-9]/g, '') ?? NaN),
    };
  });
}
