import type { Point2 } from '@edrf/model';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { InstanceHit, Ray3 } from '../../../../../view3d/view-scene';
import { KIND } from '../unit-kinds';
import { moveUnitEdits, placementZ, requireUnit, selectedUnits } from '../units-edits';
import { PlaceUnitTool } from '../tools/place-unit-tool';
import type { UnitDrags } from '../tools/unit-drags';

/**
 * Placing and moving units in the 3D mode (issue 34), as in 2D: the plan's tools do the work, fed with plan points
 * found on a horizontal plane — the height the unit gets (a detector's is just under the storey's ceiling), so a unit
 * lands under the pointer as the view draws it, whatever the angle of view.
 */

/** Where a ray meets the plane z = `z` (model x, y), or null when it runs along the plane or away from it. */
export function pointAtHeight(ray: Ray3, z: number): Point2 | null {
  const [ox, oy, oz] = ray.origin;
  const [dx, dy, dz] = ray.direction;
  if (Math.abs(dz) < 1e-9) return null;
  const t = (z - oz) / dz;
  if (t < 0) return null;
  return [ox + t * dx, oy + t * dy];
}

/**
 * A click in 3D with a placement tool armed: the tool's press at the point of the shown storey's placement height
 * under the pointer (a detector at the ceiling). False when no placement tool is armed or the ray misses the plane.
 */
export function placeAt3d(editor: PlanEditor, ray: Ray3, shift: boolean): boolean {
  const tool = editor.tool;
  if (!(tool instanceof PlaceUnitTool) || !editor.model.fire || !editor.model.arch.storeys[editor.storeyId]) return false;
  const point = pointAtHeight(ray, placementZ(editor.model, editor.storeyId, KIND[tool.state.kind].group));
  if (!point) return false;
  return tool.down({ point, screen: [0, 0], shift, time: performance.now() }, editor);
}

export interface Grab3d {
  move(ray: Ray3): void;
  /** The release (ray) or a cancel (null); answers whether the unit moved (else the press was a click on it). */
  end(ray: Ray3 | null): boolean;
}

/**
 * A press on the one selected unit drags it on its own plane (its height kept), as one gesture edit: previewed while
 * moving, one undo step on release, put back on a cancel — 2D's unitDrag. Null when the press is not on it.
 */
export function grabUnit3d(editor: PlanEditor, hit: InstanceHit, ray: Ray3, drags?: UnitDrags): Grab3d | null {
  if (hit.layer !== 'units' || editor.tool instanceof PlaceUnitTool) return null;
  const units = selectedUnits(editor.selection);
  if (units.length !== 1 || units[0]!.id !== hit.id) return null;
  const { group, id } = units[0]!;
  const base = editor.model;
  const coord = requireUnit(base, group, id).coord;
  const start = pointAtHeight(ray, coord[2]);
  if (!start) return null;
  const session = editor.session();
  let moved = false;
  const edits = (r: Ray3) => {
    const at = pointAtHeight(r, coord[2]);
    return at ? moveUnitEdits(base, group, id, [coord[0] + at[0] - start[0], coord[1] + at[1] - start[1]]) : null;
  };
  drags?.start();
  return {
    move: (r) => {
      const requests = edits(r);
      if (!requests) return;
      moved = true;
      session.preview(requests);
    },
    end: (r) => {
      const requests = r && moved ? edits(r) : null;
      if (requests) session.commit(requests);
      else session.cancel();
      drags?.end();
      return requests !== null;
    },
  };
}
