// The small bodies that let a viewer show each fire element: one extruded solid per kind of unit, written once as a
// representation map and placed by every unit of the kind (a mapped item), and the extruded legs of cables and trays.
import {
  IFCCARTESIANTRANSFORMATIONOPERATOR3D,
  IFCCIRCLEPROFILEDEF,
  IFCEXTRUDEDAREASOLID,
  IFCMAPPEDITEM,
  IFCPRODUCTDEFINITIONSHAPE,
  IFCRECTANGLEPROFILEDEF,
  IFCREPRESENTATIONMAP,
  IFCSHAPEREPRESENTATION,
} from 'web-ifc';
import { cross, normalized, type Placements, type Vec3 } from './placements.js';
import type { IfcWriter, Ref } from './writer.js';

/** A body in metres about the unit's point: a cylinder or a box (x across the unit's direction, y along it), from `bottom` up. */
type Body =
  | { kind: 'cylinder'; diameter: number; height: number; bottom: number }
  | { kind: 'box'; x: number; y: number; height: number; bottom: number };

/**
 * Sizes of common products [our reading]. Detectors and sounders stand 0.05 m below the ceiling (F§9's default height):
 * a detector head fills that to the ceiling, a sounder hangs below it (a base sounder under its detector); a call
 * point, a panel and other units are centred on their height; I/O units and racks stand on theirs.
 */
export const BODIES = {
  detector: { kind: 'cylinder', diameter: 0.1, height: 0.05, bottom: 0 },
  sounder: { kind: 'cylinder', diameter: 0.11, height: 0.04, bottom: -0.04 },
  callPoint: { kind: 'box', x: 0.09, y: 0.06, height: 0.09, bottom: -0.045 },
  module: { kind: 'box', x: 0.15, y: 0.06, height: 0.11, bottom: 0 },
  unit: { kind: 'box', x: 0.15, y: 0.06, height: 0.11, bottom: -0.055 },
  panel: { kind: 'box', x: 0.3, y: 0.08, height: 0.25, bottom: -0.125 },
  rack: { kind: 'box', x: 0.6, y: 0.3, height: 0.8, bottom: 0 },
} as const satisfies Record<string, Body>;
export type BodyKind = keyof typeof BODIES;

/** Diameter of a drawn cable (m): a fire alarm cable of 2 × 2 × 0.8 or 1.5 mm² is 7 to 9 mm across [our reading]. */
export const CABLE_DIAMETER = 0.008;
/** Height of a drawn tray (m); its width is the tray's own [our reading]. */
export const TRAY_HEIGHT = 0.06;

export class Bodies {
  private readonly maps = new Map<BodyKind, Ref>();
  private operator: Ref | null = null;
  private readonly circles = new Map<number, Ref>();

  constructor(
    private readonly w: IfcWriter,
    private readonly at: Placements,
    /** The representation context of the bodies. */
    private readonly context: Ref,
  ) {}

  private shape(type: string, items: Ref[]): Ref {
    return this.w.add(IFCSHAPEREPRESENTATION, this.context, this.w.label('Body'), this.w.label(type), items);
  }

  /** An extrusion of a profile from `start` (file units) along the unit direction `along` (of the frame), `length` m long. */
  private extrusion(profile: Ref, start: Vec3, along: Vec3, across: Vec3, length: number): Ref {
    const position = this.at.axis(start, along, across);
    return this.w.add(IFCEXTRUDEDAREASOLID, profile, position, this.at.direction([0, 0, 1]), this.w.positiveLength(length));
  }

  private profile(body: Body): Ref {
    const { w } = this;
    if (body.kind === 'cylinder')
      return w.add(IFCCIRCLEPROFILEDEF, w.enumeration('AREA'), null, this.at.origin2D(), w.positiveLength(body.diameter / 2));
    return w.add(
      IFCRECTANGLEPROFILEDEF,
      w.enumeration('AREA'),
      null,
      this.at.origin2D(),
      w.positiveLength(body.x),
      w.positiveLength(body.y),
    );
  }

  /** The representation map of a kind of body (written once): the type objects carry it too. */
  map(kind: BodyKind): Ref {
    let found = this.maps.get(kind);
    if (found) return found;
    const body: Body = BODIES[kind];
    const bottom: Vec3 = [0, 0, body.bottom / this.w.scale];
    const solid = this.extrusion(this.profile(body), bottom, [0, 0, 1], [1, 0, 0], body.height);
    found = this.w.add(IFCREPRESENTATIONMAP, this.at.axis([0, 0, 0]), this.shape('SweptSolid', [solid]));
    this.maps.set(kind, found);
    return found;
  }

  /** The body of one unit: its kind's map, placed by the unit's own placement. */
  unit(kind: BodyKind): Ref {
    this.operator ??= this.w.add(IFCCARTESIANTRANSFORMATIONOPERATOR3D, null, null, this.at.point([0, 0, 0]), null, null);
    const item = this.w.add(IFCMAPPEDITEM, this.map(kind), this.operator);
    return this.w.add(IFCPRODUCTDEFINITIONSHAPE, null, null, [this.shape('MappedRepresentation', [item])]);
  }

  /** The body of a cable or a tray: a solid per leg between points (file units, the frame's axes); null when every leg is empty. */
  legs(points: readonly Vec3[], section: { diameter: number } | { width: number; height: number }): Ref | null {
    let profile: Ref | null = null;
    const profileOf = (): Ref =>
      (profile ??=
        'diameter' in section
          ? this.circle(section.diameter)
          : this.w.add(
              IFCRECTANGLEPROFILEDEF,
              this.w.enumeration('AREA'),
              null,
              this.at.origin2D(),
              this.w.positiveLength(section.width),
              this.w.positiveLength(section.height),
            ));
    const items: Ref[] = [];
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1]!, points[i]!];
      const d: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const along = normalized(d);
      if (!along) continue;
      // The profile's X lies level across the leg (a tray's width), or along X for a leg that goes straight up.
      const across = normalized(cross([0, 0, 1], along)) ?? [1, 0, 0];
      items.push(this.extrusion(profileOf(), a, along, across, Math.hypot(...d) * this.w.scale));
    }
    if (items.length === 0) return null;
    return this.w.add(IFCPRODUCTDEFINITIONSHAPE, null, null, [this.shape('SweptSolid', items)]);
  }

  private circle(diameter: number): Ref {
    let found = this.circles.get(diameter);
    if (!found) {
      found = this.w.add(IFCCIRCLEPROFILEDEF, this.w.enumeration('AREA'), null, this.at.origin2D(), this.w.positiveLength(diameter / 2));
      this.circles.set(diameter, found);
    }
    return found;
  }
}
