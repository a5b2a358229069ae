// A real-looking architecture model of a given size, for the model-sync benchmark and the 50 MB API
// test: storeys of office floors, each a grid of rooms with jittered polygon outlines, floor and
// ceiling surface points, walls around them (3D outlines), doors, wall openings, ceilings, slabs
// and other objects, ids and IFC GlobalIds like an IFC import's. Deterministic for a seed.
//
// Items are built in the form the server stores (the schema's key order, every default present),
// so what latest_version answers is byte for byte what was synced.
import crypto from 'node:crypto';
import { emptyModel, newRoom, ROOM_TYPES, type Arch, type Point2, type Point3 } from '@edrf/model';

const IFC_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Coordinates as an IFC import gives them: metres with float noise, kept to 6 decimals. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

export interface LargeArch {
  arch: Arch;
  /** JSON.stringify(arch): what the arch part takes stored, and what a sync sends. */
  json: string;
  rooms: number;
  walls: number;
}

/**
 * An arch of at least `targetBytes` of JSON, in whole storeys of about 1.45 MB each (400 rooms, 800
 * walls, 800 doors and openings, 200 ceilings and air terminals, a slab and a stair): 5 MB is a
 * 4-storey office block, 50 MB one of 35 storeys (14,000 rooms, 28,000 walls).
 */
export function buildLargeArch(targetBytes: number, seed = 1): LargeArch {
  const rnd = random(seed);
  const globalId = () => Array.from({ length: 22 }, () => IFC_CHARS[Math.floor(rnd() * 64)]).join('');
  const jitter = (v: number, by = 0.02) => round(v + (rnd() - 0.5) * by);
  const arch: Arch = { ...emptyModel().arch, rotation: 12.5 };
  const building = { id: globalId(), global_id: '', name: 'Tower A', storeys: [] as string[] };
  building.global_id = building.id;
  arch.buildings[building.id] = building;

  const GRID = 20; // rooms per side of a floor
  const ROOM = 6; // metres
  const HEIGHT = 3.4;
  let rooms = 0;
  let walls = 0;
  // The first storey is measured; the others are about the same size.
  let storeys = 1;

  for (let level = 0; level < storeys; level++) {
    const storeyId = globalId();
    const minZ = round(level * HEIGHT);
    const maxZ = round(minZ + HEIGHT);
    const storey = {
      id: storeyId,
      global_id: storeyId,
      number: level,
      name: `Plan ${level + 1}`,
      height: { min_z: minZ, max_z: maxZ },
      rooms: [] as string[],
      walls: [] as string[],
      wall_openings: [] as string[],
      doors: [] as string[],
      stairs: [] as string[],
      ceilings: [] as string[],
      floors: [] as string[],
      other_objects: [] as string[],
    };
    const added: Partial<Record<keyof Arch, Record<string, unknown>>> = {};
    const put = <K extends Exclude<keyof Arch, 'rotation'>>(kind: K, item: Arch[K][string]) => {
      (arch[kind] as Record<string, unknown>)[item.id] = item;
      (added[kind] ??= {} as Record<string, unknown>)[item.id] = item;
    };

    for (let gx = 0; gx < GRID; gx++) {
      for (let gy = 0; gy < GRID; gy++) {
        const x0 = gx * ROOM;
        const y0 = gy * ROOM;
        // An outline of 4 corners with 3 points along each side, as IFC space boundaries come.
        const exterior: Point2[] = [];
        const corners: Point2[] = [
          [x0, y0],
          [x0 + ROOM, y0],
          [x0 + ROOM, y0 + ROOM],
          [x0, y0 + ROOM],
        ];
        corners.forEach(([cx, cy], i) => {
          const [nx, ny] = corners[(i + 1) % 4]!;
          for (let s = 0; s < 4; s++) exterior.push([jitter(cx + ((nx - cx) * s) / 4), jitter(cy + ((ny - cy) * s) / 4)]);
        });
        const interiors: Point2[][] =
          (gx + gy) % 7 === 0
            ? [
                [
                  [jitter(x0 + 2), jitter(y0 + 2)],
                  [jitter(x0 + 2.6), jitter(y0 + 2)],
                  [jitter(x0 + 2.6), jitter(y0 + 2.6)],
                  [jitter(x0 + 2), jitter(y0 + 2.6)],
                ],
              ]
            : [];
        const surface = (z: number): Point3[] => exterior.filter((_, i) => i % 2 === 0).map(([x, y]) => [x, y, jitter(z, 0.004)]);
        const roomId = globalId();
        const room = newRoom(roomId, exterior, interiors);
        put('rooms', {
          ...room,
          global_id: roomId,
          name: `${level + 1}.${String(gx * GRID + gy + 1).padStart(3, '0')} ${(gx + gy) % 5 === 0 ? 'Meeting room' : 'Office'}`,
          type: ROOM_TYPES[(gx * 7 + gy) % ROOM_TYPES.length]!,
          shape: { ...room.shape, below: surface(minZ), above: surface(maxZ) },
        });
        storey.rooms.push(roomId);
        rooms++;

        // Two walls per room (south and west sides), each a 3D outline of its footprint at both heights.
        for (const [ax, ay, bx, by] of [
          [x0, y0, x0 + ROOM, y0],
          [x0, y0, x0, y0 + ROOM],
        ] as const) {
          const wallId = globalId();
          const t = 0.1;
          const foot: [number, number][] =
            ax === bx
              ? [
                  [ax - t, ay],
                  [ax + t, ay],
                  [bx + t, by],
                  [bx - t, by],
                ]
              : [
                  [ax, ay - t],
                  [bx, by - t],
                  [bx, by + t],
                  [ax, ay + t],
                ];
          const outline: Point3[] = [
            ...foot.map(([x, y]): Point3 => [jitter(x, 0.002), jitter(y, 0.002), minZ]),
            ...foot.map(([x, y]): Point3 => [jitter(x, 0.002), jitter(y, 0.002), maxZ]),
          ];
          put('walls', {
            id: wallId,
            global_id: wallId,
            type: (gx + gy) % 11 === 0 ? 'Curtain' : 'Standard',
            shape: { exterior: outline, below: outline.slice(0, 4), above: outline.slice(4) },
            fire_rating: (gx + gy) % 3 === 0 ? 'EI 60' : '',
            enclosing_id: '',
          });
          storey.walls.push(wallId);
          walls++;

          // A door in every wall, with its opening cut in the wall.
          const mx = (ax + bx) / 2;
          const my = (ay + by) / 2;
          const along = ax === bx ? ([0, 0.45] as const) : ([0.45, 0] as const);
          const doorId = globalId();
          put('doors', {
            id: doorId,
            global_id: doorId,
            name: `D${level + 1}-${storey.doors.length + 1}`,
            exterior: gx === 0 || gy === 0,
            op_type: storey.doors.length % 2 === 0 ? 'SwingLeft' : 'SwingRight',
            left: [jitter(mx - along[0], 0.002), jitter(my - along[1], 0.002), minZ],
            right: [jitter(mx + along[0], 0.002), jitter(my + along[1], 0.002), minZ],
            walls: [wallId],
          });
          storey.doors.push(doorId);
          const openingId = globalId();
          put('wall_openings', {
            id: openingId,
            global_id: openingId,
            wall_id: wallId,
            shape: {
              exterior: [
                [round(mx - along[0] - t), round(my - along[1] - t)],
                [round(mx + along[0] + t), round(my - along[1] - t)],
                [round(mx + along[0] + t), round(my + along[1] + t)],
                [round(mx - along[0] - t), round(my + along[1] + t)],
              ],
              interiors: [],
            },
            min_z: minZ,
            max_z: round(minZ + 2.1),
          });
          storey.wall_openings.push(openingId);
        }

        // A ceiling with its grid, and an air inlet, in every other room.
        if ((gx + gy) % 2 === 0) {
          const ceilingId = globalId();
          put('ceilings', {
            id: ceilingId,
            global_id: ceilingId,
            shape: { exterior: corners.map(([x, y]): Point2 => [jitter(x + 0.1), jitter(y + 0.1)]), interiors: [] },
            z: round(maxZ - 0.4),
            grid_lines: [1.2, 2.4, 3.6, 4.8].map((d): [Point2, Point2] => [
              [round(x0 + d), round(y0)],
              [round(x0 + d), round(y0 + ROOM)],
            ]),
          });
          storey.ceilings.push(ceilingId);
          const objectId = globalId();
          put('other_objects', {
            id: objectId,
            global_id: objectId,
            name: 'Supply air terminal',
            type: 'IfcAirTerminal',
            vent_type: 'AirInlet',
            shape: {
              exterior: [
                [jitter(x0 + 3), jitter(y0 + 3)],
                [jitter(x0 + 3.6), jitter(y0 + 3)],
                [jitter(x0 + 3.6), jitter(y0 + 3.6)],
                [jitter(x0 + 3), jitter(y0 + 3.6)],
              ],
              interiors: [],
            },
            min_z: round(maxZ - 0.45),
            max_z: round(maxZ - 0.4),
          });
          storey.other_objects.push(objectId);
        }
      }
    }

    const side = GRID * ROOM;
    const slabId = globalId();
    put('slabs', {
      id: slabId,
      global_id: slabId,
      shape: {
        exterior: [
          [0, 0],
          [side, 0],
          [side, side],
          [0, side],
        ],
        interiors: [
          [
            [1, 1],
            [4, 1],
            [4, 4],
            [1, 4],
          ],
        ],
      },
      min_z: round(minZ - 0.3),
      max_z: minZ,
    });
    storey.floors.push(slabId);
    const stairId = globalId();
    put('stairs', {
      id: stairId,
      global_id: stairId,
      shape: {
        exterior: [
          [1, 1],
          [4, 1],
          [4, 4],
          [1, 4],
        ],
        interiors: [],
      },
      min_z: minZ,
      max_z: maxZ,
    });
    storey.stairs.push(stairId);
    put('storeys', storey);
    building.storeys.push(storeyId);

    if (level === 0) {
      let bytes = 0;
      for (const items of Object.values(added)) bytes += JSON.stringify(items).length;
      storeys = Math.max(1, Math.ceil((targetBytes - 300) / bytes));
    }
  }
  return { arch, json: JSON.stringify(arch), rooms, walls };
}

export const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

export const MB = 1024 * 1024;
