/** Hand-made storeys for the clean tests: rooms and walls as rectangles, storeys 3 m high. */
import {
  archSchema,
  emptyModel,
  newRoom,
  storeySchema,
  wallSchema,
  type Model,
  type Point2,
  type Room,
  type RoomType,
  type Wall,
} from '@edrf/model';
import { rect } from '../test-shapes.js';

export class TestModel {
  readonly model: Model = emptyModel();

  constructor() {
    this.model.arch = archSchema.parse({});
  }

  storey(id: string, minZ = 0, maxZ = minZ + 3): this {
    this.model.arch.storeys[id] = storeySchema.parse({
      id,
      number: Object.keys(this.model.arch.storeys).length,
      name: id,
      height: { min_z: minZ, max_z: maxZ },
    });
    return this;
  }

  room(
    storey: string,
    id: string,
    exterior: Point2[],
    options: { name?: string; type?: RoomType; synthetic?: boolean; holes?: Point2[][]; globalId?: string } = {},
  ): this {
    const room: Room = {
      ...newRoom(id, exterior, options.holes ?? []),
      name: options.name ?? id,
      type: options.type ?? 'Other',
      synthetic: options.synthetic ?? false,
      global_id: options.globalId ?? '',
    };
    this.model.arch.rooms[id] = room;
    this.model.arch.storeys[storey]!.rooms.push(id);
    return this;
  }

  /** A wall with the footprint `exterior` from `bottom` to `top` (absolute z). */
  wall(storey: string, id: string, exterior: Point2[], bottom = 0, top = 3): this {
    const wall: Wall = wallSchema.parse({
      id,
      shape: {
        exterior: exterior.map(([x, y]) => [x, y, bottom]),
        below: exterior.map(([x, y]) => [x, y, bottom]),
        above: exterior.map(([x, y]) => [x, y, top]),
      },
    });
    this.model.arch.walls[id] = wall;
    this.model.arch.storeys[storey]!.walls.push(id);
    return this;
  }

  /** A slab with the plan `exterior` from `bottom` to `top` (absolute z), listed by `storey`. */
  slab(storey: string, id: string, exterior: Point2[], bottom: number, top: number): this {
    this.model.arch.slabs[id] = { id, global_id: '', shape: { exterior, interiors: [] }, min_z: bottom, max_z: top };
    this.model.arch.storeys[storey]!.floors.push(id);
    return this;
  }

  /** A ceiling with the plan `exterior` at height `z`, listed by `storey`. */
  ceiling(storey: string, id: string, exterior: Point2[], z: number): this {
    this.model.arch.ceilings[id] = { id, global_id: '', shape: { exterior, interiors: [] }, z, grid_lines: [] };
    this.model.arch.storeys[storey]!.ceilings.push(id);
    return this;
  }

  /** Four walls 0.2 thick whose inner faces bound the rectangle x, y, w, h. */
  box(storey: string, prefix: string, x: number, y: number, w: number, h: number, t = 0.2): this {
    return this.wall(storey, `${prefix}-s`, rect(x - t, y - t, w + 2 * t, t))
      .wall(storey, `${prefix}-n`, rect(x - t, y + h, w + 2 * t, t))
      .wall(storey, `${prefix}-w`, rect(x - t, y, t, h))
      .wall(storey, `${prefix}-e`, rect(x + w, y, t, h));
  }
}
