// The building the fire design is added to, as the import read it (@edrf/ifc): its schema, length unit, storeys with
// their placements, the representation context for bodies, its IfcBuilding, spaces and trays by GlobalId. The model's
// coordinates are the file's world coordinates times its unit (metres), so this is all a writer needs to go back.
import {
  applyPoint,
  getLine,
  idsOfType,
  placementTransform,
  readLengthUnit,
  ref as refOf,
  STOREY_TOLERANCE,
  str,
  type Affine,
  type IfcLine,
} from '@edrf/ifc';
import type { Storey } from '@edrf/model';
import {
  IFCBUILDING,
  IFCBUILDINGSTOREY,
  IFCCABLECARRIERSEGMENT,
  IFCGEOMETRICREPRESENTATIONCONTEXT,
  IFCGEOMETRICREPRESENTATIONSUBCONTEXT,
  IFCLOCALPLACEMENT,
  IFCSPACE,
  type IfcAPI,
} from 'web-ifc';
import { schemaFamily, type SchemaFamily } from './writer.js';

/** A storey of the file. */
export interface TargetStorey {
  expressID: number;
  globalId: string;
  /** Its ObjectPlacement (what the fire elements are placed relative to); null when it has none. */
  placement: number | null;
  /** Its placement's world transform, in file units. */
  world: Affine;
  /** m: the Z of its placement, as the import reads a storey's elevation. */
  elevation: number;
}

export interface Target {
  schema: SchemaFamily;
  /** Metres per file length unit. */
  scale: number;
  storeys: TargetStorey[];
  /** The storey written for each of the model's (a file made for the design, fresh.ts); the others are matched (storeyMatch). */
  byModel?: ReadonlyMap<string, TargetStorey>;
  /** The IfcBuilding the fire alarm system serves; null when the file has none. */
  building: number | null;
  /** The representation context bodies are drawn in; null when the file has none (one is made). */
  context: number | null;
  /** IfcSpace express ids by GlobalId (a section's rooms). */
  spaces: Map<string, number>;
  /** GlobalIds of the file's cable carrier segments (trays the import read from it: not written again). */
  trays: Set<string>;
}

/**
 * The ObjectPlacement of an element: web-ifc drops `*` tokens, so the attributes after one shift and lose their kind
 * (House.ifc's storeys carry it as a label); then the first attribute whose value is an IfcLocalPlacement's id is
 * it, as the import takes it (@edrf/ifc context.ts).
 */
function placementOf(api: IfcAPI, model: number, line: IfcLine): number | null {
  const isPlacement = (id: unknown): id is number => {
    try {
      return typeof id === 'number' && Number.isInteger(id) && api.GetLineType(model, id) === IFCLOCALPLACEMENT;
    } catch {
      return false;
    }
  };
  const direct = refOf(line.ObjectPlacement);
  if (isPlacement(direct)) return direct;
  for (const [key, attr] of Object.entries(line)) {
    if (key === 'expressID' || key === 'type' || key === 'OwnerHistory' || !attr || typeof attr !== 'object') continue;
    const value = (attr as { value?: unknown }).value;
    if (isPlacement(value)) return value;
  }
  return null;
}

/** The context bodies go in: the 'Body' sub-context of the 'Model' context, else a 3D 'Model' context, else any. */
function bodyContext(api: IfcAPI, model: number): number | null {
  const subs = idsOfType(api, model, IFCGEOMETRICREPRESENTATIONSUBCONTEXT).map((id) => getLine(api, model, id));
  const body = subs.find((l) => l && str(l.ContextIdentifier) === 'Body' && str(l.ContextType) === 'Model');
  if (body) return body.expressID;
  const contexts = idsOfType(api, model, IFCGEOMETRICREPRESENTATIONCONTEXT).map((id) => getLine(api, model, id));
  const found = contexts.find((l) => l && str(l.ContextType) === 'Model') ?? contexts.find((l) => l !== undefined);
  return found?.expressID ?? null;
}

const globalIdsOf = (api: IfcAPI, model: number, type: number): Map<string, number> =>
  new Map(
    idsOfType(api, model, type).flatMap((id) => {
      const globalId = str(getLine(api, model, id)?.GlobalId);
      return globalId ? [[globalId, id] as const] : [];
    }),
  );

/** What the open file gives the writers; `bytes` are its text, for a length unit web-ifc misreads. */
export function readTarget(api: IfcAPI, model: number, bytes: Uint8Array): Target {
  const scale = readLengthUnit(api, model, bytes).scale;
  const cache = new Map<number, Affine>();
  const storeys = idsOfType(api, model, IFCBUILDINGSTOREY).flatMap((expressID): TargetStorey[] => {
    const line = getLine(api, model, expressID);
    if (!line) return [];
    const placement = placementOf(api, model, line);
    const world = placementTransform(api, model, placement ?? undefined, cache);
    return [{ expressID, globalId: str(line.GlobalId), placement, world, elevation: applyPoint(world, [0, 0, 0])[2] * scale }];
  });
  storeys.sort((a, b) => a.elevation - b.elevation);
  return {
    schema: schemaFamily(api.GetModelSchema(model)),
    scale,
    storeys,
    building: idsOfType(api, model, IFCBUILDING)[0] ?? null,
    context: bodyContext(api, model),
    spaces: globalIdsOf(api, model, IFCSPACE),
    trays: new Set(globalIdsOf(api, model, IFCCABLECARRIERSEGMENT).keys()),
  };
}

/**
 * The file's storey for each of the model's: the one with its GlobalId, else (a storey drawn in the app or joined from
 * another file) the highest at or below its floor, within the import's storey tolerance, else the lowest.
 */
export function storeyMatch(storeys: readonly Storey[], file: Target): Map<string, TargetStorey> {
  const target = file.storeys;
  const byGlobalId = new Map(target.filter((s) => s.globalId !== '').map((s) => [s.globalId, s]));
  const out = new Map<string, TargetStorey>();
  for (const storey of storeys) {
    const found =
      file.byModel?.get(storey.id) ??
      byGlobalId.get(storey.global_id) ??
      target.filter((s) => s.elevation <= storey.height.min_z + STOREY_TOLERANCE).at(-1) ??
      target[0];
    if (found) out.set(storey.id, found);
  }
  return out;
}
