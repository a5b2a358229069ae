/**
 * The import's entry point (extractIfc): reads a file's STEP text (step/), makes every element's shape first (shapes/,
 * shared with helper threads: work/), then runs the element readers (elements/) and puts each item on its storey.
 * docs/ifc.md maps the package.
 */
import { IfcAPI, LogLevel } from 'web-ifc';
import { emptyModel, type Arch, type Elec } from '@edrf/model';
import { prefetchLines, type ExtractContext, type Placed } from './context.js';
import { loadClipper } from './shapes/footprint.js';
import { readRooms } from './elements/spaces.js';
import { Properties } from './elements/properties.js';
import { readWalls, WALL_PROPERTIES } from './elements/walls.js';
import { DOOR_PROPERTIES, readDoors } from './elements/doors.js';
import { readOpenings } from './elements/openings.js';
import { readCeilings, readSlabs, readStairs } from './elements/slabs.js';
import { readObjects } from './elements/objects.js';
import { readTrays } from './elements/trays.js';
import { compassDegrees } from './elements/north.js';
import { spatialParents, StoreyAssigner, type StoreyList } from './elements/spatial.js';
import { readBuildings, readStoreys } from './elements/storeys.js';
import { readLengthUnit } from './elements/units.js';
import { MeshReader } from './shapes/mesh.js';
import { FacetReader } from './shapes/facets.js';
import { voidsOf, type Voids } from './step/voids.js';
import { asBuffer } from './step/step-text.js';
import { partsFromText } from './step/text-relations.js';
import type { MainModule } from 'clipper2-wasm/dist/clipper2z';
import { doGeometryWork, helpWithGeometryWork, type WorkHelp, type WorkShare } from './work/shared-work.js';
import { workFinished } from './work/work-state.js';
import { SubModels } from './shapes/sub-model.js';
import { schemaOf, TextLines } from './step/text-lines.js';
import { incompleteFile } from './step/complete.js';

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

/**
 * What an import is busy with after it reported `progress` of `step` (extractIfc's fractions; 'ifc_diff' is the
 * merge), as the user reads it when it takes too long: 'Reading shapes took longer than 60 s'.
 */
export function importStage(step: string, progress: number): string {
  if (step === 'ifc_diff') return 'Merging the file into the open version';
  if (step !== 'ifc_parse') return step ? `The step '${step}'` : 'Starting the import';
  if (progress < 0.1) return "Reading the file's text";
  if (progress < 0.15) return 'Reading storeys';
  if (progress < 0.85) return 'Reading shapes';
  return 'Reading rooms, walls, doors and objects';
}

/** The model's own empty arch: one definition of which collections an arch has. */
const emptyArch = (): Arch => emptyModel().arch;

const byId = <T extends { id: string }>(items: readonly T[]): Record<string, T> => {
  const out: Record<string, T> = {};
  for (const item of items) out[item.id] = item;
  return out;
};

export interface ExtractOptions {
  /**
   * Asked, once the geometry work's size (items) is known, for helpers in other threads to take part of it
   * (shared-work.ts, helpExtractIfc); worth it from HELP_FROM_ITEMS items.
   */
  share?: (items: number) => WorkShare | undefined;
}

/**
 * Reads an IFC file (its bytes) into the model's arch and elec parts. Pure: no file or network access, so it
 * runs in a worker thread; helpers in other threads may take part of its geometry work (options.share).
 */
export async function extractIfc(bytes: Uint8Array, onProgress?: ProgressCallback, options: ExtractOptions = {}): Promise<IfcExtraction> {
  const progress = (p: number) => onProgress?.('ifc_parse', Math.min(1, Math.max(0, p)));
  progress(0);
  const warnings: string[] = [];
  return withSubModels(readText(bytes), warnings, (ctx, models, unitFound) => {
    progress(0.1);
    if (!unitFound) warnings.push('No length unit in the file; metres assumed.');
    const arch = emptyArch();
    const storeys = readStoreys(ctx);
    const parents = spatialParents(ctx);
    arch.storeys = byId(storeys.map((s) => s.storey));
    arch.buildings = byId(readBuildings(ctx, parents, storeys));
    const assigner = new StoreyAssigner(storeys, parents);
    progress(0.15);
    // Meshes, footprints and hulls first, shared with helpers when there are any; the readers below find them made.
    // The elements' lines and property values need no geometry: they are read while a helper starts on it.
    const props = new Properties(ctx);
    const readAhead = (elements: number[]) => {
      prefetchLines(ctx, elements);
      props.readAhead([...WALL_PROPERTIES, ...DOOR_PROPERTIES]);
    };
    doGeometryWork(ctx, models, options.share, (fraction) => progress(0.15 + 0.7 * fraction), readAhead);
    progress(0.85);

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
    const walls = readWalls(ctx, props);
    put(arch.walls, 'walls', walls);
    const wallItems = new Map(walls.filter((w) => arch.walls[w.item.id] === w.item).map((w) => [w.expressID, w.item]));
    const wallIds = new Map([...wallItems].map(([expressID, wall]) => [expressID, wall.id]));
    put(arch.wall_openings, 'wall_openings', readOpenings(ctx, wallIds));
    put(arch.doors, 'doors', readDoors(ctx, props, wallItems));
    progress(0.9);
    put(arch.slabs, 'floors', readSlabs(ctx));
    put(arch.stairs, 'stairs', readStairs(ctx));
    put(arch.ceilings, 'ceilings', readCeilings(ctx));
    put(arch.other_objects, 'other_objects', readObjects(ctx));
    const elec: Elec = { trays: byId(readTrays(ctx, assigner)) };
    const compass = compassDegrees(ctx);

    progress(1);
    if (storeys.length === 0) warnings.push('The file has no storeys; nothing was imported.');
    return { arch, elec, compass_degrees: compass, warnings };
  });
}

/**
 * A helper thread's part in an extractIfc of the same bytes in another thread (shared-work.ts): it takes items until
 * none is left, making what the text gives at once and the rest from parts of the file opened in web-ifc (sub-model.ts).
 */
export async function helpExtractIfc(bytes: Uint8Array, help: WorkHelp): Promise<void> {
  if (workFinished(help.state)) return;
  await withSubModels(readText(bytes), [], (ctx, models) => helpWithGeometryWork(ctx, models, help));
}

/** A file's text as every thread that reads it reads it, and what the geometry work reads of it. */
interface FileText {
  /** The bytes as they were uploaded. */
  text: Buffer;
  voids: Voids;
  parts: Map<number, number[]>;
  facets: FacetReader;
  /** The entities as web-ifc would read them (text-lines.ts). */
  lines: TextLines;
}

function readText(bytes: Uint8Array): FileText {
  // Read as it is, never copied: `*` reads as `$` (stars.ts), void relations are read, not renamed (voids.ts).
  const text = asBuffer(bytes);
  const schema = schemaOf(text);
  if (schema < 0) throw new Error('its header names no IFC schema that can be read (FILE_SCHEMA IFC2X3, IFC4 or IFC4X3)');
  // A file cut short is refused, not read as a smaller model (complete.ts).
  const incomplete = incompleteFile(text);
  if (incomplete) throw new Error(incomplete);
  const facets = new FacetReader(text);
  return { text, voids: voidsOf(text), parts: partsFromText(text), facets, lines: new TextLines(facets.index, schema) };
}

/** The context of one reading of a file, its shapes meshed from sub-models (sub-model.ts) where the text does not give them. */
function context(file: FileText, clipper: MainModule, scale: number, warnings: string[], models: SubModels): ExtractContext {
  return {
    api: file.lines,
    modelID: 0,
    text: file.text,
    clipper,
    meshes: new MeshReader(models, scale, file.facets),
    facets: file.facets,
    scale,
    warnings,
    placements: new Map(),
    lines: new Map(),
    parts: file.parts,
    shapes: new Map(),
    points: new Map(),
    outlines: new Map(),
    voids: file.voids,
  };
}

/**
 * Reads the file from its text for `read`, with this thread's web-ifc (its start-up is paid once per thread) to mesh
 * what the text does not give, from sub-models closed whatever happens; a call that fails after web-ifc was used
 * drops the instance, so that the next call starts from a clean one.
 */
async function withSubModels<T>(
  file: FileText,
  warnings: string[],
  read: (ctx: ExtractContext, models: SubModels, unitFound: boolean) => T,
): Promise<T> {
  const [clipper, api] = await Promise.all([loadClipper(), initApi()]);
  const models = new SubModels(file.facets.index, file.parts, api);
  try {
    const unit = readLengthUnit(file.lines, 0, file.text);
    return read(context(file, clipper, unit.scale, warnings, models), models, unit.found);
  } catch (error) {
    models.close();
    if (models.opened > 0 && apiPromise) dropApi(api);
    // A trap of web-ifc's module ('memory access out of bounds', 'unreachable') says nothing to the user by itself.
    if (error instanceof WebAssembly.RuntimeError)
      throw new Error(
        `web-ifc failed on a shape the text does not give (${error.message}): a shape of the file is broken or nested too deep`,
      );
    throw error;
  } finally {
    models.close();
  }
}

let apiPromise: Promise<IfcAPI> | undefined;

/**
 * Starts this thread's web-ifc and Clipper2 (compiling their WebAssembly) before the first file arrives, so that the
 * first import is as quick as the next (warm-up.ts).
 */
export async function startIfc(): Promise<void> {
  await Promise.all([loadClipper(), initApi()]);
}

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
