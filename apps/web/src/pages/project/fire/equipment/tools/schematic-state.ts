import type { EquipmentUnit, S } from '../equipment-layout';

/** What a drag shows before it is released: a unit's box, a cable end or a route's marker at the pointer. */
export type Ghost =
  | { kind: 'unit'; unit: EquipmentUnit; at: S }
  | { kind: 'cable-end'; cableId: string; end: 0 | 1; at: S }
  | { kind: 'route-marker'; routeId: string; end: 0 | 1; at: S };

/**
 * The schematic's page state beside the model: where free cable ends were left (the model's cables have no place of
 * their own, docs/fire-equipment.md) and the drag in progress. Shared by the page's tools and painters.
 */
export class SchematicState {
  readonly free = new Map<string, readonly [S, S]>();
  ghost: Ghost | null = null;
}
