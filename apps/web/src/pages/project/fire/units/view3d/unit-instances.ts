/**
 * The pure parts of the units page's 3D mode (docs/fire-units.md '3D mode'): each unit's colour (its plan
 * colour; hidden detectors grey), a click on a 3D instance as the plan editor's selection, the units the
 * selection highlights, and the Layers box's toggles as 3D layers.
 */
import { Color } from 'three';
import { UNIT_GROUPS, type Fire, type ItemRef, type Model, type UnitGroup } from '@edrf/model';
import { layerVisible, type LayerVisibility, type PlanLayer } from '../../../../../editor/layers';
import { clickSelect, type Selection } from '../../../../../editor/selection';
import type { Vec3 } from '../../../../../view3d/clip-box';
import type { InstanceHit } from '../../../../../view3d/view-scene';
import { DEFAULT_LAYERS_3D, type FireUnit, type Layer3d, type SceneOptions } from '../../../../../view3d/scene-data';
import { unitLayer } from '../layers/unit-layers';
import { RACK_COLOUR } from '../racks/rack-layer';

/** A hidden detector is drawn in this grey: it is there, but not what the eye should find first. */
export const HIDDEN_DETECTOR_COLOUR = '#8c949c';
/** Units are drawn this many times their catalogue size (an 11 cm detector as 0.33 m, near the plan's 0.4 m symbols). */
export const UNIT_SCALE_3D = 3;

const rgb = (css: string): Vec3 => new Color(css).toArray() as Vec3;

/** Each group's colour: the stroke of its plan layer (detectors red, sirens orange, buttons dark red, IO blue, others purple). */
const GROUP_COLOURS: Record<UnitGroup, Vec3> = Object.fromEntries(
  UNIT_GROUPS.map((group) => [group, rgb(group === 'racks' ? RACK_COLOUR : (unitLayer(group).style?.(undefined).stroke ?? '#666666'))]),
) as Record<UnitGroup, Vec3>;
const HIDDEN_RGB = rgb(HIDDEN_DETECTOR_COLOUR);

/** A unit's colour in 3D (RGB 0–1, three.js's working colour space). */
export function unitColour(group: UnitGroup, unit: FireUnit): Vec3 {
  if (group === 'detectors' && (unit as Fire['units']['detectors'][string]).hidden) return HIDDEN_RGB;
  return GROUP_COLOURS[group];
}

/** How the units page draws the units: hidden detectors too, each in its colour, at a size seen against a building. */
export const UNITS_SCENE_OPTIONS: SceneOptions = { hiddenDetectors: true, unitColor: unitColour, unitScale: UNIT_SCALE_3D };

/** The item a unit id names (ids are unique over all groups, F§3), or null. */
export function unitRefById(fire: Fire | null, id: string): ItemRef | null {
  if (!fire) return null;
  const group = UNIT_GROUPS.find((g) => Object.hasOwn(fire.units[g], id));
  return group ? { kind: `fire.units.${group}`, id } : null;
}

/**
 * The selection after a click in 3D, as a click on the plan makes it (P§4): a unit alone, shift adds or toggles it,
 * anything else (a wall, the floor, nothing) clears, or with shift keeps the selection.
 */
export function clickSelection(selection: Selection, model: Pick<Model, 'fire'>, hit: InstanceHit | null, shift: boolean): Selection {
  const ref = hit?.layer === 'units' ? unitRefById(model.fire, hit.id) : null;
  return clickSelect(selection, ref, shift);
}

/** The ids of the selected units (what the 3D view highlights). */
export function selectedUnitIds(selection: Selection): Set<string> {
  if (selection.kind !== 'items') return new Set();
  return new Set(selection.items.filter((ref) => ref.kind.startsWith('fire.units.')).map((ref) => ref.id));
}

/** The page's toggles that have a 3D layer of the same name (F§2: Rooms, Ceilings, Other objects). */
const TOGGLED: Partial<Record<string, Layer3d>> = { rooms: 'rooms', ceilings: 'ceilings', objects: 'objects' };

/**
 * The 3D layers the page's Layers box shows: its toggles where a 3D layer matches; walls, slabs, doors, stairs and
 * the units always; cable trays, which the plan does not draw, never.
 */
export function layers3d(planLayers: readonly PlanLayer[], visibility: LayerVisibility): Record<Layer3d, boolean> {
  const shown: Record<Layer3d, boolean> = { ...DEFAULT_LAYERS_3D, trays: false, units: true };
  for (const layer of planLayers) {
    const target = TOGGLED[layer.id];
    if (target) shown[target] = layerVisible(layer, visibility);
  }
  return shown;
}
