/** The loop cabling's messages (F§8 word for word where the spec gives them). */
export const LOOP_MESSAGES = {
  noRack: 'No fire rack found!',
  noCopperCable: 'No copper cable found',
  noCentral: 'No central in any rack: the loops start at a rack without one',
  tooManyLoops: (central: string, loops: number, capacity: number) =>
    `Central ${central} needs ${loops} loops but has ${capacity} (its built-in routes and Route extensions)`,
  overArea: (loop: string, area: number, max: number) => `Loop ${loop} protects ${area.toFixed(0)} m², more than ${max} m²`,
  noWay: (loop: string, from: string, to: string) => `Loop ${loop}: no way through the building from ${from} to ${to}; joined straight`,
} as const;
