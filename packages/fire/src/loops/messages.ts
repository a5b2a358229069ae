/** The loop cabling's messages (F§8 word for word where the spec gives them). */
export const LOOP_MESSAGES = {
  noRack: 'No fire rack found!',
  noCopperCable: 'No copper cable found',
  noCentral: 'No central in any rack: the loops start at a rack without one',
  tooManyLoops: (central: string, loops: number, capacity: number) =>
    `Central ${central} needs ${loops} loops but has ${capacity} (its built-in routes and Route extensions)`,
  overArea: (loop: string, area: number, max: number) => `Loop ${loop} protects ${area.toFixed(0)} m², more than ${max} m²`,
  overUnits: (loop: string, units: number, isolators: number, max: number) =>
    `Loop ${loop} has ${units} units and ${isolators} isolators counted as units, more than ${max}`,
  classA: (loop: string, metres: number, openings: number, first: readonly [string, string], second: readonly [string, string]) =>
    `Loop ${loop}: the outgoing and return paths share ${metres.toFixed(1)} m of tray or raceway and ${openings} door or wall ` +
    `opening${openings === 1 ? '' : 's'} (NFPA 72 Class A separation), first from ${first[0]} to ${first[1]} and from ${second[0]} to ${second[1]}`,
  cutOff: (units: number, first: string) =>
    `${units} unit${units === 1 ? '' : 's'} (the first ${first}) cannot be reached through the building from any central: ` +
    'no door, stair or tray joins their part of the building to a rack with a central; place a rack there',
  noWay: (loop: string, from: string, to: string) => `Loop ${loop}: no way through the building from ${from} to ${to}; joined straight`,
  /** A central whose loops cannot reach some units within its limits: why, and how many more centrals, where. */
  beyondReach: (
    central: string,
    units: number,
    first: string,
    farthest: string,
    reason: string,
    places: readonly { storey: string; unit: string }[],
  ) =>
    `Central ${central} cannot reach ${units} unit${units === 1 ? '' : 's'} (the first ${first}) within its loop limits` +
    `${reason ? ` (for ${farthest} alone, ${reason})` : ''}: ` +
    `${places.length === 1 ? 'one more central' : `${places.length} more centrals`} would reach ${units === 1 ? 'it' : 'them'}; ` +
    `add ${places.length === 1 ? 'a central' : `${places.length} centrals`} near ${places.map((p) => `${p.storey} (by ${p.unit})`).join(', ')}`,
} as const;
