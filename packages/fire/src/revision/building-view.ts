import type { Arch, Section, Storey } from '@edrf/model';
import { roomStoreys, storeyOrder } from '../analysis/storey-order.js';
import { indexBuilding, type RoomInfo, type StoreyInfo } from '../building.js';
import { pointInRings, ringArea } from '../geometry/ring.js';
import { roomFigures } from './room-figures.js';

type Box = readonly [number, number, number, number];

interface StoreyEntry {
  info: StoreyInfo;
  byId: Map<string, RoomInfo>;
  grid?: StoreyGrid;
}

interface StoreyGrid {
  /** Each room's box, x0 y0 x1 y1 in a row. */
  boxes: Float64Array;
  cell: number;
  /** Cell key -> indices of the rooms whose box meets the cell, ascending. */
  cells: Map<string, number[]>;
}

const boxOf = (room: RoomInfo): Box => {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of room.rings[0]!) [x0, y0, x1, y1] = [Math.min(x0, p[0]), Math.min(y0, p[1]), Math.max(x1, p[0]), Math.max(y1, p[1])];
  return [x0, y0, x1, y1];
};

/**
 * The building as the engine reads it (building.ts indexBuilding: each room on the first storey listing it, rooms with
 * bad outlines left out), storey by storey when first asked: a revision reads the storeys it changed, not the
 * building. roomAt is building.ts roomAt (the first room of the storey holding a point) through a uniform grid of the
 * rooms' boxes, the candidates of a cell tried in the storey's order.
 */
export class BuildingView {
  /** The storeys in the engine's order (compareStoreys). */
  readonly order: readonly Storey[];
  private readonly places = new Map<string, number>();
  private readonly owner: ReadonlyMap<string, string>;
  private readonly built = new Map<string, StoreyEntry | undefined>();

  constructor(private readonly arch: Arch) {
    this.order = storeyOrder(arch);
    this.order.forEach((storey, k) => this.places.set(storey.id, k));
    this.owner = roomStoreys(arch);
  }

  /** The storey the engine reads a room on. */
  storeyOf(roomId: string): string | undefined {
    return this.owner.get(roomId);
  }

  /** A storey's place bottom up (its index in `order`). */
  placeOf(storeyId: string): number | undefined {
    return this.places.get(storeyId);
  }

  storey(storeyId: string): StoreyInfo | undefined {
    return this.entry(storeyId)?.info;
  }

  /** A room as the engine reads it; undefined for one it skips (no storey, a bad outline) or that does not exist. */
  room(roomId: string): RoomInfo | undefined {
    const storeyId = this.owner.get(roomId);
    return storeyId === undefined ? undefined : this.entry(storeyId)?.byId.get(roomId);
  }

  /** A room's area (its outline less its holes) from the model, without reading its storey. */
  area(roomId: string): number {
    return Object.hasOwn(this.arch.rooms, roomId) ? roomFigures(this.arch.rooms[roomId]!).area : 0;
  }

  /** A section part's area: its own shape's, or its room's. */
  partArea(part: Section['parts'][number]): number {
    if (!part.shape) return this.area(part.room_id);
    return Math.abs(ringArea(part.shape.exterior)) - part.shape.interiors.reduce((s, r) => s + Math.abs(ringArea(r)), 0);
  }

  /** Whether a room (by id) holds a point. */
  holds(roomId: string, x: number, y: number): boolean {
    const room = this.room(roomId);
    return room !== undefined && pointInRings(x, y, room.rings);
  }

  roomAt(storeyId: string, x: number, y: number): RoomInfo | undefined {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
    const entry = this.entry(storeyId);
    if (!entry) return undefined;
    const grid = (entry.grid ??= gridOf(entry.info.rooms));
    const rooms = entry.info.rooms;
    for (const i of grid.cells.get(`${Math.floor(x / grid.cell)},${Math.floor(y / grid.cell)}`) ?? []) {
      const k = i * 4;
      const b = grid.boxes;
      if (x < b[k]! || y < b[k + 1]! || x > b[k + 2]! || y > b[k + 3]!) continue;
      if (pointInRings(x, y, rooms[i]!.rings)) return rooms[i];
    }
    return undefined;
  }

  private entry(storeyId: string): StoreyEntry | undefined {
    if (this.built.has(storeyId)) return this.built.get(storeyId);
    const storey = this.arch.storeys[storeyId];
    let entry: StoreyEntry | undefined;
    if (storey && Object.hasOwn(this.arch.storeys, storeyId)) {
      // indexBuilding of this storey alone, given only its rooms (no warnings about the others).
      const own = storey.rooms.filter((id) => this.owner.get(id) === storeyId);
      const rooms = Object.fromEntries(own.map((id) => [id, this.arch.rooms[id]!]));
      const info = indexBuilding({ ...this.arch, storeys: { [storeyId]: { ...storey, rooms: own } }, rooms }).storeys[0]!;
      const full = { ...info, storey };
      full.rooms.forEach((room) => (room.storey = storey));
      entry = { info: full, byId: new Map(full.rooms.map((room) => [room.room.id, room])) };
    }
    this.built.set(storeyId, entry);
    return entry;
  }
}

/** Cells of the median room's size (a room meets a few cells, a cell holds a few rooms), at most 64 across the largest. */
function gridOf(rooms: readonly RoomInfo[]): StoreyGrid {
  const boxes = new Float64Array(rooms.length * 4);
  const sizes: number[] = [];
  rooms.forEach((room, i) => {
    const box = boxOf(room);
    boxes.set(box, i * 4);
    sizes.push(Math.max(box[2] - box[0], box[3] - box[1]));
  });
  sizes.sort((a, b) => a - b);
  const cell = Math.max(1, sizes[Math.floor(sizes.length / 2)] ?? 1, (sizes.at(-1) ?? 0) / 64);
  const cells = new Map<string, number[]>();
  rooms.forEach((_, i) => {
    const k = i * 4;
    for (let gx = Math.floor(boxes[k]! / cell); gx <= Math.floor(boxes[k + 2]! / cell); gx++)
      for (let gy = Math.floor(boxes[k + 1]! / cell); gy <= Math.floor(boxes[k + 3]! / cell); gy++) {
        const key = `${gx},${gy}`;
        const list = cells.get(key);
        if (list) list.push(i);
        else cells.set(key, [i]);
      }
  });
  return { boxes, cell, cells };
}

/** The boxes of some rooms per storey, to tell quickly whether a point may stand in one of them. */
export class RoomBoxes {
  private readonly byStorey = new Map<string, Box[]>();

  constructor(rooms: Iterable<{ storeyId: string; box: Box }>) {
    for (const { storeyId, box } of rooms) this.byStorey.set(storeyId, [...(this.byStorey.get(storeyId) ?? []), box]);
  }

  static of(rooms: Iterable<RoomInfo>): RoomBoxes {
    return new RoomBoxes([...rooms].map((room) => ({ storeyId: room.storey.id, box: boxOf(room) })));
  }

  has(storeyId: string, x: number, y: number): boolean {
    return (this.byStorey.get(storeyId) ?? []).some(([x0, y0, x1, y1]) => x >= x0 && y >= y0 && x <= x1 && y <= y1);
  }
}
