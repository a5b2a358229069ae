/** A rectangle outline for test models: x, y of a corner, width and height (metres), counter-clockwise. */
export const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/** A corridor (hall) with two offices, a door into each, and a stairwell, on one storey 'g': the fire calls' test building. */
export const corridorArch = () => ({
  storeys: {
    g: { id: 'g', number: 0, name: 'Ground', height: { min_z: 0, max_z: 3 }, rooms: ['hall', 'a', 'b', 'stair'], doors: ['da', 'db'] },
  },
  rooms: {
    hall: { id: 'hall', name: 'Hall', shape: { exterior: rect(0, 5, 20, 2) } },
    a: { id: 'a', name: 'Office A', shape: { exterior: rect(0, 0, 10, 5) } },
    b: { id: 'b', name: 'Office B', shape: { exterior: rect(10, 0, 10, 5) } },
    stair: { id: 'stair', name: 'Stair', type: 'Stairwell', shape: { exterior: rect(20, 0, 4, 7) } },
  },
  doors: {
    da: { id: 'da', left: [4, 5, 0], right: [5, 5, 0] },
    db: { id: 'db', left: [14, 5, 0], right: [15, 5, 0] },
  },
});

/** A square room outline of `size` metres, its corner at (x, 0). */
export const square = (x: number, size = 5): [number, number][] => rect(x, 0, size, size);

/** `count` rooms of 10 × 10 m in a row, 1 m apart, as module_export_status and fire_payment take them: what is paid for. */
export const paidRooms = (count: number, prefix = 'r') =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, shape: { exterior: rect(i * 11, 0, 10, 10), interiors: [] } }));

/** A room as sent (defaults left out) and as stored (defaults filled in). */
export const roomIn = (id: string, x: number, name = 'Office') => ({ id, name, shape: { exterior: square(x) } });
export const roomOut = (id: string, x: number, name = 'Office') => ({
  id,
  global_id: '',
  name,
  type: 'Other',
  synthetic: false,
  shape: { exterior: square(x), interiors: [], below: [], above: [] },
});

/** The empty model's parts as the server stores and answers them, written out: the oracle of the versions tests. */
export const EMPTY_CONFIG = {
  name: '',
  address: '',
  owner: '',
  owner_address: '',
  tenant: '',
  compass_degrees: 0,
  ifc_files: {},
  report_tiles: {},
};
export const EMPTY_ARCH = {
  rotation: 0,
  storeys: {},
  buildings: {},
  rooms: {},
  walls: {},
  wall_openings: {},
  doors: {},
  stairs: {},
  ceilings: {},
  slabs: {},
  other_objects: {},
};
