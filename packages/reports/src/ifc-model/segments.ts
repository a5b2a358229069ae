// The design's cables and the trays drawn in the app as segments of the file's schema: a cable segment per route slice
// (a route's run on one storey, its legs node to node), a cable carrier segment per tray. IFC2X3 has no segment
// classes of its own: an IfcFlowSegment defined by an IfcCableSegmentType or IfcCableCarrierSegmentType.
import type { Elec, Fire, Route } from '@edrf/model';
import {
  IFCCABLECARRIERSEGMENT,
  IFCCABLECARRIERSEGMENTTYPE,
  IFCCABLESEGMENT,
  IFCCABLESEGMENTTYPE,
  IFCFLOWSEGMENT,
  IFCRELDEFINESBYTYPE,
} from 'web-ifc';
import { CABLE_DIAMETER, TRAY_HEIGHT } from './bodies.js';
import { cross, normalized, type Vec3 } from './placements.js';
import { FIRE_PSET, writePropertySet } from './properties.js';
import type { Scene, StoreyPlace, Written } from './scene.js';
import type { Ref } from './writer.js';

/** A route's kind as the routes page titles it. */
export const ROUTE_TITLES: Record<Route['kind'], string> = { Loop: 'Loop', Direct: 'Direct route', RackToRack: 'Rack-to-rack route' };

type Segment = {
  key: string;
  name: string;
  description: string;
  place: StoreyPlace;
  points: Vec3[];
  section: Parameters<Scene['bodies']['legs']>[1];
};

/**
 * Writes one segment: placed at its first point on its storey with its X axis along its first leg in plan (as tools
 * export segments and the import reads a tray's run: @edrf/ifc trays.ts), its legs from there; null when it has no length.
 */
function writeSegment(scene: Scene, segment: Segment, entity: number, predefined: string): Ref | null {
  const { w, at } = scene;
  const { frame, target } = segment.place;
  const local = segment.points.map((p) => frame.point(p));
  const origin = local[0]!;
  const first = local.find((p) => Math.hypot(p[0] - origin[0], p[1] - origin[1]) > 1e-9);
  const x: Vec3 = first ? normalized([first[0] - origin[0], first[1] - origin[1], 0])! : [1, 0, 0];
  const y = cross([0, 0, 1], x);
  const legs = local.map((p): Vec3 => {
    const d: Vec3 = [p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]];
    return [d[0] * x[0] + d[1] * x[1], d[0] * y[0] + d[1] * y[1], d[2]];
  });
  const body = scene.bodies.legs(legs, segment.section);
  if (!body) return null;
  const placement = at.local(target.placement, at.axis(origin, [0, 0, 1], x));
  const common = [w.guid(segment.key), scene.owner, w.label(segment.name), w.text(segment.description), null, placement, body, null];
  return scene.w.schema === 'IFC4' ? w.add(entity, ...common, w.enumeration(predefined)) : w.add(IFCFLOWSEGMENT, ...common);
}

/** Type objects of one kind of segment, by name, and the elements each defines. */
class SegmentTypes {
  private readonly types = new Map<string, { ref: Ref; elements: Ref[] }>();
  constructor(
    private readonly scene: Scene,
    private readonly type: number,
    private readonly predefined: string,
  ) {}

  add(name: string, element: Ref): void {
    const { w, owner } = this.scene;
    let found = this.types.get(name);
    if (!found) {
      const key = `type:${this.type}|${name}`;
      const ref = w.add(this.type, w.guid(key), owner, w.label(name), null, null, null, null, null, null, w.enumeration(this.predefined));
      this.types.set(name, (found = { ref, elements: [] }));
    }
    found.elements.push(element);
  }

  write(): void {
    const { w, owner } = this.scene;
    for (const [name, { ref, elements }] of this.types)
      w.add(IFCRELDEFINESBYTYPE, w.guid(`type-of:${this.type}|${name}`), owner, null, null, elements, ref);
  }
}

/** The routes' slices as cable segments, by route id (a loop's circuit holds them), each with its property set. */
export function writeCables(scene: Scene, fire: Fire): Map<string, Written[]> {
  const { w } = scene;
  const types = new SegmentTypes(scene, IFCCABLESEGMENTTYPE, 'CABLESEGMENT');
  const out = new Map<string, Written[]>();
  for (const route of Object.values(fire.connections.routes)) {
    const product = fire.config.products.cables.find((c) => c.id === route.product_id)?.name ?? '';
    const written: Written[] = [];
    route.slices.forEach((slice, i) => {
      const place = scene.storeys.get(slice.storey_id);
      if (!place) return;
      const id = `${route.id}/${i}`;
      const name = `${ROUTE_TITLES[route.kind]} ${route.id}${route.slices.length > 1 ? ` (${i + 1}/${route.slices.length})` : ''}`;
      const points = slice.nodes.map((node) => node.coord);
      const segment = { key: `cable:${id}`, name, description: product, place, points, section: { diameter: CABLE_DIAMETER } };
      const ref = writeSegment(scene, segment, IFCCABLESEGMENT, 'CABLESEGMENT');
      if (!ref) return;
      types.add(product || 'Cable', ref);
      writePropertySet(
        scene,
        `cable:${id}`,
        FIRE_PSET,
        [ref],
        [
          ['Route', w.label(route.id)],
          ['Kind', w.label(route.kind)],
          ['Product', w.label(product)],
        ],
      );
      written.push({ id, ref, storey: place.target });
    });
    out.set(route.id, written);
  }
  types.write();
  return out;
}

/** The trays drawn in the app (those the import read are in the file already) as cable carrier segments. */
export function writeTrays(scene: Scene, elec: Elec, inFile: ReadonlySet<string>): Written[] {
  const types = new SegmentTypes(scene, IFCCABLECARRIERSEGMENTTYPE, 'CABLETRAYSEGMENT');
  const written: Written[] = [];
  for (const tray of Object.values(elec.trays)) {
    const place = scene.storeys.get(tray.storey_id);
    if (inFile.has(tray.id) || !place) continue;
    const segment = {
      key: `tray:${tray.id}`,
      name: 'Cable tray',
      description: '',
      place,
      points: [tray.start, tray.end],
      section: { width: tray.width, height: TRAY_HEIGHT },
    };
    const ref = writeSegment(scene, segment, IFCCABLECARRIERSEGMENT, 'CABLETRAYSEGMENT');
    if (!ref) continue;
    types.add('Cable tray', ref);
    written.push({ id: tray.id, ref, storey: place.target });
  }
  types.write();
  return written;
}
