import type { ItemRef } from '@edrf/model';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { Drag } from '../../../../../editor/tools/select';
import type { ToolPointer } from '../../../../../editor/tool';
import { dropCableEndEdits, dropRouteMarkerEdits, dropUnitEdits, unitRef, type EquipmentResult } from '../equipment-edits';
import { cableEnds, placeOf, rackAtPoint, rackRoutes, routeEnds, toSchematic, unitAtPoint, type S } from '../equipment-layout';
import { HANDLE_PX } from '../layers/equipment-painters';
import type { SchematicState } from './schematic-state';

/** What the page does with an action's outcome: commit its requests as one undo step, toast, log, select. */
export type Report = (result: EquipmentResult, editor: PlanEditor) => void;

/** A press moved less than this (pixels) is a click: it selects, it moves nothing. */
const CLICK_PX = 3;

const distance = (a: S, b: S) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function segmentDistance(p: S, a: S, b: S): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return distance(p, [a[0] + t * dx, a[1] + t * dy]);
}

const only = (editor: PlanEditor, ref: ItemRef) => editor.select({ kind: 'items', items: [ref] });

/**
 * The select tool's drags on the schematic (F§4 'Rack view'), tried in this order under the press: a cable's end,
 * a route's marker, a unit; a press on a cable's line selects it. A press that does not move selects what it is on;
 * a release does what F§4 says (equipment-edits.ts), through `report`. Null: the select tool clicks or boxes.
 */
export function equipmentDrag(state: SchematicState, report: Report) {
  return (pointer: ToolPointer, editor: PlanEditor): Drag | null => {
    const fire = editor.model.fire;
    if (!fire) return null;
    const at = toSchematic(pointer.point);
    const near = editor.metres(HANDLE_PX / 2 + 3);
    const start = pointer.screen;
    let moved = false;
    const track = (p: ToolPointer) => {
      moved ||= Math.hypot(p.screen[0] - start[0], p.screen[1] - start[1]) > CLICK_PX;
      return toSchematic(p.point);
    };
    const finish = () => {
      state.ghost = null;
      editor.toolChanged();
    };
    const cancel = finish;

    for (const cable of Object.values(fire.connections.cables)) {
      const ends = cableEnds(fire, cable.id, state.free);
      const end = ([0, 1] as const).find((i) => distance(ends[i].at, at) <= near);
      if (end === undefined) continue;
      const ref: ItemRef = { kind: 'fire.connections.cables', id: cable.id };
      return {
        move(p) {
          state.ghost = { kind: 'cable-end', cableId: cable.id, end, at: track(p) };
          editor.toolChanged();
        },
        end(p) {
          const to = track(p);
          finish();
          if (!moved) return only(editor, ref);
          const model = editor.target.model;
          const now = model.fire!;
          const other = ends[1 - end]!;
          const result = dropCableEndEdits(model, cable.id, unitAtPoint(now, to), other.unit ?? unitAtPoint(now, other.at));
          if (result.requests.length > 0) state.free.delete(cable.id);
          else if (!ends[end].unit) {
            // Nothing happens in the model (F§4): the free end stays where it was left, for the other end to follow.
            const left: [S, S] = [ends[0].at, ends[1].at];
            left[end] = to;
            state.free.set(cable.id, left);
          }
          report({ ...result, select: result.select ?? ref }, editor);
        },
        cancel,
      };
    }

    for (const route of rackRoutes(fire)) {
      const ends = routeEnds(fire, route);
      const end = ends ? ([0, 1] as const).find((i) => distance(ends[i].at, at) <= near) : undefined;
      if (!ends || end === undefined) continue;
      const ref: ItemRef = { kind: 'fire.connections.routes', id: route.id };
      return {
        move(p) {
          state.ghost = { kind: 'route-marker', routeId: route.id, end, at: track(p) };
          editor.toolChanged();
        },
        end(p) {
          const to = track(p);
          finish();
          if (!moved) return only(editor, ref);
          const now = editor.target.model.fire!;
          const rack = rackAtPoint(now, to);
          report(dropRouteMarkerEdits(editor.target.model, route.id, ends[end], rack?.rack.id ?? null, unitAtPoint(now, to)), editor);
        },
        cancel,
      };
    }

    const unit = unitAtPoint(fire, at);
    if (unit) {
      const place = placeOf(fire, unit.rackId)!;
      const grab: S = [at[0] - (place.x + unit.box.pos[0]), at[1] - unit.box.pos[1]];
      only(editor, unitRef(unit));
      return {
        move(p) {
          const to = track(p);
          state.ghost = { kind: 'unit', unit, at: [Math.round(to[0] - grab[0]), Math.round(to[1] - grab[1])] };
          editor.toolChanged();
        },
        end(p) {
          const to = track(p);
          finish();
          if (!moved) return;
          const now = editor.target.model.fire!;
          const rack = rackAtPoint(now, to);
          const pos: S = rack ? [to[0] - grab[0] - rack.x, to[1] - grab[1]] : to;
          report(dropUnitEdits(editor.target.model, unit, rack?.rack.id ?? null, pos), editor);
        },
        cancel,
      };
    }

    const line = editor.metres(5);
    const cable = Object.values(fire.connections.cables).find((c) => {
      const [a, b] = cableEnds(fire, c.id, state.free);
      return segmentDistance(at, a.at, b.at) <= line;
    });
    if (cable) {
      only(editor, { kind: 'fire.connections.cables', id: cable.id });
      return { move: () => {}, end: () => {}, cancel: () => {} };
    }
    return null;
  };
}
