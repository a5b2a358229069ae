/** The sections engine's messages (F§8 and issue 24), word for word where the spec gives them. */
export const SECTION_MESSAGES = {
  detectorsMissing: 'Fire detectors missing',
  notContiguous: (name: string, parts: number) => `Section ${name} is not contiguous: its rooms fall into ${parts} parts`,
  overCap: (name: string, area: number, cap: number) => `Section ${name} covers ${area.toFixed(0)} m², more than ${cap} m²`,
  storeys: (name: string) => `Section ${name} spans more than one storey`,
  searchDistance: (name: string, d: number, max: number) =>
    `Section ${name} has a search distance of ${d.toFixed(0)} m, more than ${max} m`,
  searchUnwalkable: (name: string) =>
    `Section ${name} cannot be searched through its doors: a room of it has no door from the rest of the section`,
  zoneLength: (name: string, l: number, max: number) => `Section ${name} is ${l.toFixed(0)} m long, more than ${max} m`,
  stairShared: (name: string, room: string) => `Section ${name} holds the stairwell or shaft ${room} with other rooms`,
  roomWithoutSection: (room: string) => `Room ${room} has detectors but is in no section`,
  unitWithoutAddress: (unit: string, name: string) => `Unit ${unit} in section ${name} has no address`,
  unitWithoutSection: (unit: string) => `Unit ${unit} has no section and no address: no section has a room on its storey`,
  addressOutside: (unit: string, name: string) => `Unit ${unit} has an address in section ${name} but does not belong to it`,
  unknownRoom: (name: string, room: string) => `Section ${name} names room ${room}, which is not in the model`,
} as const;
