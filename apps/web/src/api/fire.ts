import { productsSchema, type Arch, type ArchChanges, type Elec, type Fire, type Products, type Regulation } from '@edrf/model';
import type { CalcFireSectionsInput, DesignUpdate, FireCablingResult, FireSectionsResult, FireUnitsResult } from '@edrf/fire';
import { apiCall } from './client';

/** The fire module's calls that belong to no project (F§7). */

/** POST /api/v1/create_fire_config: a new fire config (products, settings, SBF form) for a regulation. */
export const createFireConfig = (regulation: Regulation) =>
  apiCall<Fire['config']>('add fire module', '/api/v1/create_fire_config', { body: { regulation } });

/** POST /api/v1/cost_model: the module's price for the model's rooms, in euros. */
export const costModel = (rooms: unknown, module: 'fire') =>
  apiCall<{ cost: number }>('load the fire module cost', '/api/v1/cost_model', { body: { rooms, module } }).then((r) => r.cost);

export const fireCostKey = (projectId: string, rooms: number) => ['fire-cost', projectId, rooms] as const;

/** A set of the hardware catalogue (F§3): its name, where its data comes from, and its product lists. */
export interface HardwareSet {
  name: string;
  source: string;
  products: Products;
}

/** GET /api/v1/get_fire_hardware: the catalogue of hardware sets, each set's product lists read by the model's schema. */
export const getFireHardware = (): Promise<HardwareSet[]> =>
  apiCall<{ products: { name: string; source?: string; products: unknown }[] }>(
    'load the hardware catalogue',
    '/api/v1/get_fire_hardware',
    { method: 'GET' },
  ).then((answer) =>
    answer.products.map((set) => ({ name: set.name, source: set.source ?? '', products: productsSchema.parse(set.products) })),
  );

export const fireHardwareKey = ['fire-hardware'] as const;

/** POST /api/v1/calc_fire_units: the automatic design (F§7): the model's units kept, the missing ones added, and the analysis. */
export const calcFireUnits = (arch: Arch, fire: Fire, onProgress?: (fraction: number) => void) =>
  apiCall<FireUnitsResult>('design fire units', '/api/v1/calc_fire_units', { body: { arch, fire }, onProgress });

/** POST /api/v1/calc_fire_sections: sections, their labels and the units' addresses as the settings ask, and their analysis (F§7). */
export const calcFireSections = (input: CalcFireSectionsInput, opts: { quiet?: boolean; onProgress?: (fraction: number) => void } = {}) =>
  apiCall<FireSectionsResult>('calculate fire sections', '/api/v1/calc_fire_sections', {
    body: input,
    quiet: opts.quiet ?? false,
    onProgress: opts.onProgress,
  });

/** POST /api/v1/calc_fire_rack_to_rack_routes: the connections with the cables between racks routed anew (F§7, issue 25). */
export const calcFireRackToRackRoutes = (
  arch: Arch,
  elec: Elec | undefined,
  fire: Fire,
  opts: { onProgress?: (fraction: number) => void } = {},
) =>
  apiCall<Fire['connections']>('route cables between racks', '/api/v1/calc_fire_rack_to_rack_routes', {
    body: { arch, elec, fire },
    onProgress: opts.onProgress,
  });

/** POST /api/v1/calc_fire_cabling: the loops of every central and their checks (F§7, issue 26). */
export const calcFireCabling = (input: { arch: Arch; elec?: Elec; fire: Fire }, onProgress?: (fraction: number) => void) =>
  apiCall<FireCablingResult>('calculate the cabling', '/api/v1/calc_fire_cabling', { body: input, onProgress });

/** POST /api/v1/update_fire_design (issue 40): the design brought up to the architecture's changes since its basis. */
export const updateFireDesign = (
  model: { arch: Arch; elec?: Elec; fire: Fire },
  changes: ArchChanges,
  keepRemovedUnits: boolean,
  onProgress?: (fraction: number) => void,
) =>
  apiCall<DesignUpdate>('update the fire design', '/api/v1/update_fire_design', {
    body: { model, changes, keep_removed_units: keepRemovedUnits },
    onProgress,
  });
