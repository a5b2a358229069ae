/**
 * Reader of cable trays (elec.trays): IfcCableCarrierSegment. Reads GlobalId, the placement's X axis
 * (shapes/placement.ts) and the body's extent along and across it (shapes/element-shape.ts, from the STEP text or
 * web-ifc). Entities come from the STEP reader (ctx.api: step/text-lines.ts, what web-ifc's GetLine would give).
 */
import { IFCCABLECARRIERSEGMENT } from 'web-ifc';
import { DEFAULT_TRAY_WIDTH, type Tray } from '@edrf/model';
import type { StoreyAssigner } from './spatial.js';
import type { ExtractContext } from '../context.js';
import { line, objectTransform } from '../context.js';
import { pointsWithParts } from '../shapes/element-shape.js';
import { extentsAlong } from '../shapes/hull.js';
import { applyPoint, xAxis } from '../shapes/placement.js';
import { idsOfType, str } from '../step/line-source.js';

export const TRAY_CLASSES = [IFCCABLECARRIERSEGMENT];

const round = (v: number): number => Math.round(v * 1e5) / 1e5;

/**
 * One tray per cable carrier segment with geometry: the segment's centre line along its placement X axis (the
 * mesh's extent along that axis), at the middle of its height; width is its extent across the axis in plan.
 */
export function readTrays(ctx: ExtractContext, assigner: StoreyAssigner): Tray[] {
  const trays: Tray[] = [];
  for (const expressID of TRAY_CLASSES.flatMap((type) => idsOfType(ctx.api, ctx.modelID, type))) {
    const l = line(ctx, expressID);
    const mesh = l ? pointsWithParts(ctx, expressID) : undefined;
    if (!l || !mesh) continue;
    const m = objectTransform(ctx, l);
    const [ox, oy] = applyPoint(m, [0, 0, 0]).map((v) => v * ctx.scale) as [number, number, number];
    const [ax0, ay0] = xAxis(m);
    const len = Math.hypot(ax0, ay0);
    const [ax, ay] = len > 1e-9 ? [ax0 / len, ay0 / len] : [1, 0];
    const {
      along: [lo, hi],
      across: [across0, across1],
    } = extentsAlong(mesh.xy, [ox, oy], [ax, ay]);
    if (!(hi > lo)) continue;
    const mid = (across0 + across1) / 2;
    const cx = ox - ay * mid;
    const cy = oy + ax * mid;
    const z = round((mesh.minZ + mesh.maxZ) / 2);
    const storey = assigner.storeyFor(expressID, mesh.minZ);
    if (!storey) continue;
    const width = across1 - across0;
    const globalId = str(l.GlobalId);
    trays.push({
      id: globalId || `tray-${expressID}`,
      storey_id: storey.id,
      to_storey_id: '',
      start: [round(cx + ax * lo), round(cy + ay * lo), z],
      end: [round(cx + ax * hi), round(cy + ay * hi), z],
      width: width > 1e-3 ? round(width) : DEFAULT_TRAY_WIDTH,
    });
  }
  return trays;
}
