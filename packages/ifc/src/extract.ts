import { IfcAPI, LogLevel } from 'web-ifc';
import { emptyModel, type Arch, type Elec } from '@edrf/model';
import { StoreyAssigner, type StoreyList } from './assign.js';
import type { ExtractContext } from './context.js';
import { loadClipper } from './footprint.js';
import { readRooms, type Placed } from './spaces.js';
import { Properties } from './properties.js';
import { readWalls } from './walls.js';
import { readDoors } from './doors.js';
import { readOpenings } from './openings.js';
import { readCeilings, readSlabs, readStairs } from './slabs.js';
import { readObjects } from './objects.js';
import { readTrays } from './trays.js';
import { compassDegrees } from './north.js';
import { spatialParents } from './spatial.js';
import { readBuildings, readStoreys } from './storeys.js';
import { readLengthUnit } from './units.js';
import { MeshReader } from './mesh.js';
import { starsAsUnset } from './stars.js';

/** The steps an import reports (P§4 upload protocol). */
export type ImportStep = 'ifc_parse' | 'ifc_diff' | 'ifc_process';

/** What one IFC file contributes to a project's model. */
export interface IfcExtraction {
  arch: Arch;
  elec: Elec;
  /** True north as degrees clockwise from the model's +Y axis, for config.compass_degrees. */
  compass_degrees: number;
  /** Things the user should know about the file (units guessed, spaces without geometry, …). */
  warnings: string[];
}

export type ProgressCallback = (step: ImportStep, progress: number) => void;

/** The model's own empty arch: one definition of which collections an arch has. */
const emptyArch = (): Arch => emptyModel().arch;

const byId = <T extends { id: string }>(items: readonly T[]): Record<string, T> => {
  const out: Record<string, T> = {};
  for (const item of items) out[item.id] = item;
  return out;
};

/**
 * Reads an IFC file (its bytes) into the model's arch and elec parts. Pure: no file or network access, so it
 * runs in a worker thread. Calls share one web-ifc instance per thread (its start-up is paid once) and close their
 * model whatever happens; a call that fails drops the instance, so that the next call starts from a clean one.
 */
export async function extractIfc(bytes: Uint8Array, onProgress?: ProgressCallback): Promise<IfcExtraction> {
  const progress = (p: number) => onProgress?.('ifc_parse', Math.min(1, Math.max(0, p)));
  progress(0);
  const warnings: string[] = [];
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 256)));
  if (!tail.includes('END-ISO-10303-21')) warnings.push('The file does not end with END-ISO-10303-21; it may be truncated.');

  const [clipper, api] = await Promise.all([loadClipper(), initApi()]);
  let modelID: number | undefined;
  try {
    modelID = api.OpenModel(starsAsUnset(bytes), { COORDINATE_TO_ORIGIN: false });
    if (modelID < 0) throw new Error('web-ifc could not open the file');
    progress(0.1);
    const unit = readLengthUnit(api, modelID, bytes);
    if (!unit.found) warnings.push('No length unit in the file; metres assumed.');
    const ctx: ExtractContext = {
      api,
      modelID,
      clipper,
      meshes: new MeshReader(api, modelID, unit.scale),
      scale: unit.scale,
      warnings,
      placements: new Map(),
      lines: new Map(),
      parts: new Map(),
    };

    const arch = emptyArch();
    const storeys = readStoreys(ctx);
    const parents = spatialParents(ctx);
    arch.storeys = byId(storeys.map((s) => s.storey));
    arch.buildings = byId(readBuildings(ctx, parents, storeys));
    const assigner = new StoreyAssigner(storeys, parents);
    progress(0.2);

    // Items go into their collection and onto their storey's list; a GlobalId seen twice keeps the first item.
    const put = <T extends { id: string }>(collection: Record<string, T>, list: StoreyList, placed: readonly Placed<T>[]): void => {
      let duplicates = 0;
      for (const { expressID, item, minZ } of placed) {
        if (collection[item.id]) duplicates++;
        else if (assigner.assign(list, expressID, item.id, minZ)) collection[item.id] = item;
      }
      if (duplicates > 0) warnings.push(`${duplicates} ${list} item(s) repeat a GlobalId already read; they were skipped.`);
    };

    put(arch.rooms, 'rooms', readRooms(ctx));
    progress(0.4);

    const props = new Properties(ctx);
    const walls = readWalls(ctx, props);
    put(arch.walls, 'walls', walls);
    const wallItems = new Map(walls.filter((w) => arch.walls[w.item.id] === w.item).map((w) => [w.expressID, w.item]));
    const wallIds = new Map([...wallItems].map(([expressID, wall]) => [expressID, wall.id]));
    progress(0.6);

    put(arch.wall_openings, 'wall_openings', readOpenings(ctx, wallIds));
    put(arch.doors, 'doors', readDoors(ctx, props, wallItems));
    progress(0.7);
    put(arch.slabs, 'floors', readSlabs(ctx));
    put(arch.stairs, 'stairs', readStairs(ctx));
    put(arch.ceilings, 'ceilings', readCeilings(ctx));
    progress(0.8);
    put(arch.other_objects, 'other_objects', readObjects(ctx));
    const elec: Elec = { trays: byId(readTrays(ctx, assigner)) };
    const compass = compassDegrees(ctx);

    progress(1);
    if (storeys.length === 0) warnings.push('The file has no storeys; nothing was imported.');
    return { arch, elec, compass_degrees: compass, warnings };
  } catch (error) {
    if (apiPromise) dropApi(api);
    throw error;
  } finally {
    if (modelID !== undefined && modelID >= 0 && apiPromise) api.CloseModel(modelID);
  }
}

let apiPromise: Promise<IfcAPI> | undefined;

function initApi(): Promise<IfcAPI> {
  apiPromise ??= (async () => {
    const api = new IfcAPI();
    await api.Init(undefined, true);
    // web-ifc prints geometry complaints (self-intersecting curves, breps without basis) to the console.
    api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
    return api;
  })();
  return apiPromise;
}

function dropApi(api: IfcAPI): void {
  apiPromise = undefined;
  try {
    api.Dispose();
  } catch {
    // Already unusable: nothing more to free.
  }
}
