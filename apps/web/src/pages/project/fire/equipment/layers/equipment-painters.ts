import type { Fire } from '@edrf/model';
import type { OverlayPainter } from '../../../../../editor/overlay';
import { isSelected } from '../../../../../editor/selection';
import {
  cableEnds,
  equipmentUnits,
  placeOf,
  rackLayout,
  rackRoutes,
  routeEnds,
  toWorld,
  unitRect,
  type EquipmentUnit,
  type S,
} from '../equipment-layout';
import type { SchematicState } from '../tools/schematic-state';
import { RACK_COLOUR, ROUTE_COLOUR } from './equipment-layers';

/** What the schematic writes and marks over its layers: rack titles, unit names, cables, route markers, the drag. */

export const CABLE_COLOUR = '#2b2b2b';
export const SELECTED_COLOUR = '#1f6fd6';
/** Handles (cable ends, route markers) on screen, pixels. */
export const HANDLE_PX = 10;

/** The short name written on a unit. */
export function unitName(fire: Fire, unit: EquipmentUnit): string {
  switch (unit.group) {
    case 'centrals':
      return unit.unit.main_central ? 'Main central' : 'Central';
    case 'plinths':
      return 'Plinth';
    case 'power_supplies':
      return 'Power supply';
    case 'others':
      return unit.unit.unit_type === 'AlarmTransmitter'
        ? 'Alarm transmitter'
        : (fire.config.products.other_rack_products.find((p) => p.id === unit.unit.product_id)?.name ?? 'Other');
  }
}

/** What a unit too narrow for its name shows. */
const SHORT_NAMES = { centrals: 'C', plinths: 'P', power_supplies: 'PSU', others: 'O', transmitter: 'AT' } as const;

/** Each rack's label ('+D1', 'Equipment') and size above its box. */
export const rackTitles: OverlayPainter = (draw, editor) => {
  const fire = editor.model.fire;
  if (!fire) return;
  for (const { rack, label, x } of rackLayout(fire)) {
    draw.text(toWorld([x, 0]), label || rack.id, { color: RACK_COLOUR, font: 'bold 14px system-ui, sans-serif', dy: -22 });
    draw.text(toWorld([x, 0]), `${rack.size[0]} × ${rack.size[1]}`, { color: '#555', font: '12px system-ui, sans-serif', dy: -6 });
  }
};

/** Unit names, where the unit is large enough on screen to hold one. */
export const unitLabels: OverlayPainter = (draw, editor) => {
  const fire = editor.model.fire;
  if (!fire) return;
  for (const unit of equipmentUnits(fire)) {
    const place = placeOf(fire, unit.rackId);
    if (!place) continue;
    const [l, t, , b] = unitRect(place, unit.box);
    const [w, h] = [unit.box.size[0] * draw.scale, (b - t) * draw.scale];
    if (h < 14 || w < 18) continue;
    const name =
      w >= 40
        ? unitName(fire, unit)
        : SHORT_NAMES[unit.group === 'others' && unit.unit.unit_type === 'AlarmTransmitter' ? 'transmitter' : unit.group];
    draw.text(toWorld([l, t]), name, { color: '#222', font: '11px system-ui, sans-serif', dx: 3, dy: 12 });
  }
};

/** The cables (a line and its two ends) and the routes' markers; a drag's end or marker follows the pointer. */
export const connectionsPainter =
  (state: SchematicState): OverlayPainter =>
  (draw, editor) => {
    const fire = editor.model.fire;
    if (!fire) return;
    const ghost = state.ghost;
    for (const cable of Object.values(fire.connections.cables)) {
      const ends = cableEnds(fire, cable.id, state.free).map<S>((end) => end.at);
      if (ghost?.kind === 'cable-end' && ghost.cableId === cable.id) ends[ghost.end] = ghost.at;
      const selected = isSelected(editor.selection, { kind: 'fire.connections.cables', id: cable.id });
      const colour = selected ? SELECTED_COLOUR : CABLE_COLOUR;
      draw.polyline(ends.map(toWorld), { stroke: colour, width: selected ? 3 : 2 });
      draw.handles(ends.map(toWorld), { fill: '#ffffff', stroke: colour, width: 2, size: HANDLE_PX });
      const label = cable.label || cable.id;
      const middle: S = [(ends[0]![0] + ends[1]![0]) / 2, (ends[0]![1] + ends[1]![1]) / 2];
      draw.text(toWorld(middle), label, { color: colour, font: '11px system-ui, sans-serif', dx: 6, dy: -4 });
    }
    for (const route of rackRoutes(fire)) {
      const ends = routeEnds(fire, route);
      if (!ends) continue;
      const points = ends.map<S>((end) => end.at);
      if (ghost?.kind === 'route-marker' && ghost.routeId === route.id) {
        points[ghost.end] = ghost.at;
        draw.polyline(points.map(toWorld), { stroke: ROUTE_COLOUR, width: 2, dash: [6, 4] });
      }
      const selected = isSelected(editor.selection, { kind: 'fire.connections.routes', id: route.id });
      draw.handles(points.map(toWorld), {
        fill: selected ? SELECTED_COLOUR : ROUTE_COLOUR,
        stroke: '#ffffff',
        width: 1.5,
        size: HANDLE_PX + 2,
      });
    }
    if (ghost?.kind === 'unit') {
      const [x, y] = ghost.at;
      const [w, h] = ghost.unit.box.size;
      const ring = (
        [
          [x, y],
          [x + w, y],
          [x + w, y + h],
          [x, y + h],
        ] as S[]
      ).map(toWorld);
      draw.rings([ring], { stroke: SELECTED_COLOUR, width: 2, dash: [5, 3], fill: 'rgba(31, 111, 214, 0.15)' });
    }
  };

export const equipmentPainters = (state: SchematicState): OverlayPainter[] => [rackTitles, unitLabels, connectionsPainter(state)];
