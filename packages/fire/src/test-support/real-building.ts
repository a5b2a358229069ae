import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { archSchema, STOREY_ITEM_LISTS, type Arch, type Storey, type StoreyItemList } from '@edrf/model';
import { ringArea } from '../geometry/ring.js';

/**
 * A benchmark building of real geometry: the storeys with rooms of a few IFC models of the corpus (corridors,
 * L-shaped and narrow rooms, holes, doors, walls, furniture) laid side by side in a row — one copy — and copies tiled
 * across and stacked storey on storey until the rooms reach the area asked for. Every item keeps its shape, moved;
 * every id (and GlobalId) is prefixed per copy, so ids are unique.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const IFC_CORPUS = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
/** An office block, a restaurant (an irregular kitchen around a hole, 870 objects) and a two-storey house. */
export const REAL_MODELS = ['AC11-Institute-Var-2-IFC.ifc', 'revit2012_janesville_restaurant.ifc', 'duplex.ifc'] as const;
/** Between two plans of a row, and between rows: far more than the 0.3 m a door looks to each side for its rooms. */
const GAP = 10;
/** The height of a storey of the building: more than any plan's own. */
const STOREY_HEIGHT = 4;

/** Whether every model of the building is in the corpus folder. */
export const realModelsPresent = (corpus = IFC_CORPUS) => REAL_MODELS.every((f) => fs.existsSync(path.join(corpus, f)));

/** One storey of a corpus model, moved so that its items start at x = y = 0 and its floor is at z = 0. */
interface Plan {
  source: string;
  arch: Arch;
  storey: Storey;
  width: number;
  depth: number;
  roomArea: number;
}

/** One copy of the row of plans: where it lies, on which storey, with which id prefix. */
export interface Copy {
  prefix: string;
  storeyId: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface RealBuilding {
  arch: Arch;
  copies: Copy[];
  /** Room area of one copy and of the whole building (m²). */
  copyArea: number;
  area: number;
}

/** The corpus models, extracted once per process (the IFC reader loaded only then: '@edrf/fire/testing' stays light). */
let extracted: Promise<{ source: string; arch: Arch }[]> | undefined;
const extractModels = (corpus: string) =>
  (extracted ??= import('@edrf/ifc').then(({ extractIfc }) =>
    Promise.all(
      REAL_MODELS.map(async (file) => ({
        source: file.replace(/\.ifc$/, ''),
        arch: (await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))))).arch,
      })),
    ),
  ));

type Item = { id: string; global_id: string };

/**
 * The building: `copies` copies (default: as many as bring the rooms nearest `targetArea`), `across` to a storey,
 * storeys from the bottom up. Each copy is every corpus storey with rooms, side by side.
 */
export async function realBuilding(
  opts: { targetArea?: number; copies?: number; across?: number; corpus?: string } = {},
): Promise<RealBuilding> {
  const plans = (await extractModels(opts.corpus ?? IFC_CORPUS)).flatMap(({ source, arch }) =>
    Object.values(arch.storeys)
      .filter((s) => s.rooms.length > 0)
      .sort((a, b) => a.height.min_z - b.height.min_z)
      .map((storey) => toPlan(source, arch, storey)),
  );
  const copyArea = plans.reduce((s, p) => s + p.roomArea, 0);
  const copies = opts.copies ?? Math.max(1, Math.round((opts.targetArea ?? 185_000) / copyArea));
  const across = Math.min(copies, opts.across ?? 4);
  // Whole metres between copies, so that a copy's coordinates differ from the first copy's by whole numbers.
  const rowWidth = plans.reduce((s, p) => s + Math.ceil(p.width + GAP), 0) - GAP;
  const rowDepth = Math.ceil(Math.max(...plans.map((p) => p.depth)));

  const storeys: Record<string, Storey> = {};
  const out: Record<string, Record<string, unknown>> = {
    storeys,
    buildings: {},
    ...Object.fromEntries(STOREY_ITEM_LISTS.map(([, collection]) => [collection, {}])),
  };
  const placed: Copy[] = [];
  for (let c = 0; c < copies; c++) {
    const level = Math.floor(c / across);
    const storeyId = `L${String(level).padStart(2, '0')}`;
    const z = level * STOREY_HEIGHT;
    const storey = (storeys[storeyId] ??= {
      id: storeyId,
      global_id: '',
      number: level,
      name: `Level ${level}`,
      height: { min_z: z, max_z: z + STOREY_HEIGHT },
      ...(Object.fromEntries(STOREY_ITEM_LISTS.map(([list]) => [list, [] as string[]])) as Record<StoreyItemList, string[]>),
    } satisfies Storey);
    const y0 = (c % across) * (rowDepth + GAP);
    let x = 0;
    plans.forEach((plan, p) => {
      const prefix = `c${c}-p${p}-`;
      const moved = moveItems(plan, prefix, x, y0, z);
      for (const [list, collection] of STOREY_ITEM_LISTS)
        for (const item of Object.values(moved[collection]!)) {
          out[collection]![item.id] = item;
          storey[list].push(item.id);
        }
      x += Math.ceil(plan.width + GAP);
    });
    placed.push({ prefix: `c${c}-`, storeyId, x0: 0, y0, x1: rowWidth, y1: y0 + rowDepth });
  }
  out.buildings!.building = { id: 'building', global_id: '', name: 'Real-geometry benchmark', storeys: Object.keys(storeys) };
  return { arch: archSchema.parse(out), copies: placed, copyArea, area: copyArea * copies };
}

function toPlan(source: string, arch: Arch, storey: Storey): Plan {
  const xs: number[] = [];
  const ys: number[] = [];
  const take = (p: readonly number[]) => {
    xs.push(p[0]!);
    ys.push(p[1]!);
  };
  for (const [list, collection] of STOREY_ITEM_LISTS)
    for (const id of storey[list]) {
      const item = (arch[collection] as Record<string, unknown>)[id];
      if (item) walkPoints(item, take);
    }
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const sub = { ...arch, storeys: { [storey.id]: storey } };
  const roomArea = storey.rooms.reduce((sum, id) => {
    const shape = arch.rooms[id]?.shape;
    if (!shape) return sum;
    return sum + Math.abs(ringArea(shape.exterior)) - shape.interiors.reduce((s, h) => s + Math.abs(ringArea(h)), 0);
  }, 0);
  // Moved to the origin once here, so that copies move by small offsets.
  const plan = { source, arch: sub, storey, width: 0, depth: 0, roomArea };
  const atOrigin = moveItems(plan, '', -minX, -minY, -storey.height.min_z);
  return {
    ...plan,
    arch: { ...sub, ...(atOrigin as unknown as Partial<Arch>) },
    width: Math.max(...xs) - minX,
    depth: Math.max(...ys) - minY,
  };
}

/** The plan's items, moved by (dx, dy, dz), their ids, GlobalIds and references prefixed. */
function moveItems(plan: Plan, prefix: string, dx: number, dy: number, dz: number): Record<string, Record<string, Item>> {
  const ref = (id: string) => (id ? prefix + id : id);
  // A reference to an item of another storey of the model (a door in a wall listed below) is dropped with it.
  const onPlan = new Set(STOREY_ITEM_LISTS.flatMap(([list]) => plan.storey[list]));
  const kept = (id: string) => (onPlan.has(id) ? ref(id) : '');
  const out: Record<string, Record<string, Item>> = {};
  for (const [list, collection] of STOREY_ITEM_LISTS) {
    const items: Record<string, Item> = {};
    for (const id of plan.storey[list]) {
      const item = (plan.arch[collection] as Record<string, Item>)[id];
      if (!item) continue;
      const moved = movePoints(structuredClone(item), dx, dy, dz) as Item & Record<string, unknown>;
      moved.id = ref(item.id);
      if (moved.global_id) moved.global_id = ref(moved.global_id);
      if (typeof moved.wall_id === 'string') moved.wall_id = kept(moved.wall_id);
      if (typeof moved.enclosing_id === 'string') moved.enclosing_id = kept(moved.enclosing_id);
      if (Array.isArray(moved.walls)) moved.walls = (moved.walls as string[]).map(kept).filter(Boolean);
      items[moved.id] = moved;
    }
    out[collection] = items;
  }
  return out;
}

/** Numbers of the model's geometry: points ([x, y] or [x, y, z]) and the heights min_z, max_z and z. */
const Z_FIELDS = new Set(['min_z', 'max_z', 'z']);

function movePoints(value: unknown, dx: number, dy: number, dz: number): unknown {
  if (Array.isArray(value)) {
    if (value.length >= 2 && value.length <= 3 && value.every((v) => typeof v === 'number')) {
      const p = value;
      return p.length === 3 ? [p[0]! + dx, p[1]! + dy, p[2]! + dz] : [p[0]! + dx, p[1]! + dy];
    }
    return value.map((v) => movePoints(v, dx, dy, dz));
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      if (Z_FIELDS.has(key) && typeof o[key] === 'number') o[key] = o[key] + dz;
      else if (typeof o[key] === 'object') o[key] = movePoints(o[key], dx, dy, dz);
    }
  }
  return value;
}

function walkPoints(value: unknown, take: (p: readonly number[]) => void): void {
  if (Array.isArray(value)) {
    if (value.length >= 2 && value.length <= 3 && value.every((v) => typeof v === 'number')) take(value);
    else for (const v of value) walkPoints(v, take);
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) walkPoints(v, take);
}
