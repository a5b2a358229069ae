/** A rectangle outline for test models: x, y of a corner, width and height (metres), counter-clockwise. */
export const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/** A square room outline of `size` metres, its corner at (x, 0). */
export const square = (x: number, size = 5): [number, number][] => rect(x, 0, size, size);

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
