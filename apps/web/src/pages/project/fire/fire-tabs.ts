import type { Model } from '@edrf/model';

/** The fire area's tabs (F§2), in their order, with the path under /fire and what each needs (F§2, P§5). */
export const FIRE_TABS = [
  { path: 'settings', label: 'Fire settings' },
  { path: 'units', label: 'Units' },
  { path: 'sections', label: 'Sections' },
  { path: 'routes', label: 'Routes' },
  { path: 'equipment', label: 'Equipment' },
  { path: 'export', label: 'Export' },
] as const;
export type FireTab = (typeof FIRE_TABS)[number]['path'];

/** Why a tab cannot be opened yet (its tooltip), or null when it can. */
export function tabBlocked(model: Model, tab: FireTab): string | null {
  const hasRooms = Object.keys(model.arch.rooms).length > 0;
  const units = model.fire?.units;
  const hasUnits =
    units !== undefined &&
    (['racks', 'detectors', 'sirens', 'buttons', 'ios', 'others'] as const).some((group) => Object.keys(units[group]).length > 0);
  const hasRack = units !== undefined && Object.keys(units.racks).length > 0;
  switch (tab) {
    case 'settings':
      return null;
    case 'units':
      return hasRooms ? null : 'Requires rooms';
    case 'sections':
    case 'export':
      return hasUnits ? null : 'Requires fire units';
    case 'routes':
    case 'equipment':
      return hasUnits && hasRack ? null : 'Requires fire units and a rack';
  }
}

/** The tab to show instead of a blocked one: the nearest allowed tab before it (Fire settings always is). */
export function nearestAllowed(model: Model, tab: FireTab): FireTab {
  const index = FIRE_TABS.findIndex((t) => t.path === tab);
  for (let i = index; i >= 0; i--) if (tabBlocked(model, FIRE_TABS[i]!.path) === null) return FIRE_TABS[i]!.path;
  return 'settings';
}

/** P§5: adding a fire module needs a model with rooms. */
export const canAddFireModule = (model: Model): boolean => Object.keys(model.arch.rooms).length > 0;
