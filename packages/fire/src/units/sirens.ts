import { needsSiren } from '../regulations.js';
import { MESSAGES } from '../messages.js';
import { roomAt, roomLabel, warning, type RoomInfo, type StoreyInfo } from '../building.js';
import type { Pt } from '../geometry/ring.js';
import { powerCells } from '../placement/power-cells.js';
import { placeInRoom } from '../placement/room.js';
import { clipToDisk } from './detectors.js';
import { MAX_UNITS_PER_ROOM, unitEstimate, type PlacementContext } from './context.js';

/** Sirens inside their room reach no farther than that room's walls (a door takes 20–30 dB): each occupied room is covered on its own. */
const SIREN_WALL_DISTANCE = 0.1;

export function placeSirens(ctx: PlacementContext, storeys: readonly StoreyInfo[]): void {
  const byRoom = new Map<RoomInfo, string[]>();
  for (const siren of Object.values(ctx.sirens)) {
    const storey = storeys.find((s) => s.storey.id === siren.storey_id);
    if (!storey) continue;
    const room = roomAt(storey, siren.coord[0], siren.coord[1]);
    if (!room) {
      ctx.warnings.push(warning('unit_outside_rooms', siren.id, MESSAGES.unitOutsideRooms('Siren'), siren.id));
      continue;
    }
    byRoom.set(room, [...(byRoom.get(room) ?? []), siren.id]);
  }
  const range = ctx.fire.config.unit.siren.max_range;
  if (!(range > 0)) return;
  const products = ctx.fire.config.products.sirens;
  const productId = (products.find((p) => p.type === 'Sound' && !p.detector_socket) ?? products[0])?.id ?? '';
  for (const storey of storeys) {
    for (const info of storey.rooms) {
      if (!needsSiren(ctx.rules, info.room.type, info.area)) continue;
      if (unitEstimate(info.area, range, Infinity) > MAX_UNITS_PER_ROOM) {
        ctx.warnings.push(
          warning('too_many_sirens', info.room.id, MESSAGES.tooManyUnits(roomLabel(info.room), 'sirens', MAX_UNITS_PER_ROOM)),
        );
        continue;
      }
      const existing = byRoom.get(info) ?? [];
      const placement = placeInRoom(
        info.rings,
        { radius: range, maxArea: Infinity, wallDistance: SIREN_WALL_DISTANCE, obstacles: [], obstacleDistance: 0, rows: false },
        existing.map((id) => [ctx.sirens[id]!.coord[0], ctx.sirens[id]!.coord[1]] as Pt),
        false,
      );
      if (ctx.analyzeOnly && !(placement.ok && placement.added.length === 0)) {
        // analyze_only on a room that would get more sirens: each covers its power cell in the room within its range.
        const sites = existing.map((id) => [ctx.sirens[id]!.coord[0], ctx.sirens[id]!.coord[1]] as Pt);
        powerCells(
          info.rings,
          sites,
          sites.map(() => 0),
          range,
        ).forEach((cell, i) => {
          const shape = clipToDisk(cell.shape, sites[i]!, range);
          ctx.sirenShapes[existing[i]!] = shape.exterior.length >= 3 ? [shape] : [];
        });
        ctx.warnings.push(warning('room_no_siren_cover', info.room.id, MESSAGES.roomNoSirenCover(roomLabel(info.room))));
        if (info.room.type === 'SleepingRoom' && existing.length === 0)
          ctx.warnings.push(warning('sleeping_room_no_siren', info.room.id, MESSAGES.sleepingRoomNoSiren(roomLabel(info.room))));
        continue;
      }
      const z = info.storey.height.max_z - 0.05;
      const ids = [...existing];
      for (const [x, y] of placement.added) {
        const id = ctx.ids.make('sir');
        ctx.sirens[id] = { id, storey_id: info.storey.id, product_id: productId, coord: [x, y, z], angle: 0, locked_to: '' };
        ids.push(id);
      }
      placement.pieces.forEach((piece, i) => {
        if (piece.shape.exterior.length < 3) {
          ctx.sirenShapes[ids[i]!] = [];
          return;
        }
        ctx.sirenShapes[ids[i]!] = [
          {
            exterior: piece.shape.exterior.map((p) => [p[0], p[1]]),
            interiors: piece.shape.interiors.map((h) => h.map((p) => [p[0], p[1]])),
          },
        ];
      });
      if (!placement.ok) ctx.warnings.push(warning('room_no_siren_cover', info.room.id, MESSAGES.roomNoSirenCover(roomLabel(info.room))));
      if (info.room.type === 'SleepingRoom' && ids.length === 0)
        ctx.warnings.push(warning('sleeping_room_no_siren', info.room.id, MESSAGES.sleepingRoomNoSiren(roomLabel(info.room))));
    }
  }
}
