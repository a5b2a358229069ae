import type { Regulation } from '@edrf/model';
import { ringArea, type Ring } from '../geometry/ring.js';
import { extentOf } from './extent.js';
import { partitionRooms } from './partition.js';
import { searchWalker } from './search-walk.js';
import { sharedLength, WALL_MIN_SHARED } from './room-graph.js';
import type { SectionBuilding } from './section-index.js';
import { sectionItems, type SectionItem } from './split-rooms.js';
import { OWN_SECTION_TYPES, SECTION_RULES } from './section-rules.js';

const isOwnType = (type: string) => (OWN_SECTION_TYPES as readonly string[]).includes(type);

const box = (rings: readonly Ring[]) => {
  const xs = rings[0]!.map((p) => p[0]);
  const ys = rings[0]!.map((p) => p[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
};

/** Rooms of consecutive storeys whose outlines overlap in plan by a quarter of the smaller: one above the other. */
export function stacked(a: readonly Ring[], b: readonly Ring[]): boolean {
  const p = box(a);
  const q = box(b);
  const w = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
  const h = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
  if (w <= 0 || h <= 0) return false;
  return w * h >= 0.25 * Math.min(Math.abs(ringArea(a[0]!)), Math.abs(ringArea(b[0]!)));
}

/**
 * Stairwells and shafts as stacks over the storeys (each stack one section of its own, BS 5839 and common
 * practice): a room joins the stack of a room of the same kind on the storey below it stands over.
 */
function ownStacks(ids: readonly string[], building: SectionBuilding): string[][] {
  const byStorey = [...ids].sort((a, b) => building.rooms.get(a)!.storey - building.rooms.get(b)!.storey || a.localeCompare(b));
  const stacks: string[][] = [];
  const stackOf = new Map<string, string[]>();
  for (const id of byStorey) {
    const room = building.rooms.get(id)!;
    const below = byStorey.find((other) => {
      const o = building.rooms.get(other)!;
      return o.storey === room.storey - 1 && o.info.room.type === room.info.room.type && stacked(o.info.rings, room.info.rings);
    });
    const stack = below ? stackOf.get(below)! : [];
    if (!below) stacks.push(stack);
    stack.push(id);
    stackOf.set(id, stack);
  }
  return stacks;
}

/** A stack over the cap is cut into runs of consecutive storeys under it. */
function capStack(stack: readonly string[], building: SectionBuilding, cap: number): string[][] {
  const runs: string[][] = [[]];
  let area = 0;
  for (const id of stack) {
    const a = building.rooms.get(id)!.info.area;
    if (runs.at(-1)!.length > 0 && area + a > cap) {
      runs.push([]);
      area = 0;
    }
    runs.at(-1)!.push(id);
    area += a;
  }
  return runs;
}

/** Items of one storey as a graph: whole rooms keep the storey's neighbours; strips of a room meet what they touch. */
function itemNeighbours(items: readonly SectionItem[], building: SectionBuilding): number[][] {
  const byRoom = new Map<string, number[]>();
  items.forEach((item, k) => byRoom.set(item.roomId, [...(byRoom.get(item.roomId) ?? []), k]));
  return items.map((item, k) => {
    const room = building.rooms.get(item.roomId)!;
    const graph = building.graphs[room.storey]!;
    const near = new Set<number>();
    const candidates = [item.roomId, ...graph.neighbours[room.index]!.map((m) => graph.rooms[m]!.room.id)];
    for (const id of candidates)
      for (const other of byRoom.get(id) ?? []) {
        if (other === k) continue;
        const whole = item.shape === null && items[other]!.shape === null;
        if (whole || sharedLength(item.rings, items[other]!.rings) >= WALL_MIN_SHARED) near.add(other);
      }
    return [...near].sort((a, b) => a - b);
  });
}

/**
 * The new sections (issue 24): the given rooms (detected, in no section yet) grouped under the regulation's rules —
 * stairwells and shafts in stacks of their own, the other rooms per storey in the fewest connected groups under the
 * area cap and the extent rule, a room larger than the cap cut into strips (split-rooms.ts). A BS 5839 building of
 * at most 300 m² is one group.
 */
export function newSectionItems(
  rooms: readonly string[],
  building: SectionBuilding,
  regulation: Regulation,
  cap: number,
  progress: (storey: number, storeys: number) => void = () => {},
): SectionItem[][] {
  const rules = SECTION_RULES[regulation];
  const whole = (id: string): SectionItem => {
    const { info } = building.rooms.get(id)!;
    return { roomId: id, rings: info.rings, area: info.area, centroid: info.centroid, shape: null };
  };
  const total = [...building.rooms.values()].reduce((s, r) => s + r.info.area, 0);
  if (rules.wholeBuildingArea !== null && total <= rules.wholeBuildingArea) return rooms.length > 0 ? [rooms.map(whole)] : [];
  const own = rooms.filter((id) => isOwnType(building.rooms.get(id)!.info.room.type));
  const groups = ownStacks(own, building).flatMap((stack) => capStack(stack, building, cap).map((run) => run.map(whole)));
  const rest = new Set(rooms.filter((id) => !isOwnType(building.rooms.get(id)!.info.room.type)));
  building.graphs.forEach((graph, s) => {
    progress(s, building.graphs.length);
    const maxLength = rules.zoneLength ?? rules.searchDistance;
    const items = graph.rooms.filter((r) => rest.has(r.room.id)).flatMap((r) => sectionItems(r, cap, maxLength));
    if (items.length === 0) return;
    const neighbours = itemNeighbours(items, building);
    const at = items.map((item) => item.centroid);
    const walker = searchWalker(items, building.walkDoors[s]!);
    // The partitioner asks again of unions it has tried (each merge round, each spanning tree): answered once.
    const known = new Map<string, boolean>();
    const fits = (part: readonly number[]) => {
      const sorted = [...part].sort((a, b) => a - b);
      const key = sorted.join(',');
      let ok = known.get(key);
      if (ok === undefined) {
        ok =
          (rules.zoneLength === null || extentOf(sorted.flatMap((k) => items[k]!.rings)) <= rules.zoneLength) &&
          (rules.searchDistance === null || walker.within(sorted, rules.searchDistance));
        known.set(key, ok);
      }
      return ok;
    };
    const parts = partitionRooms({ area: items.map((item) => item.area), neighbours, cap, fits, at });
    groups.push(...parts.map((part) => part.map((k) => items[k]!)));
  });
  return groups;
}
