import type { Arch } from '@edrf/model';
import { makeArch, rect, type StoreySpec } from '../test-support/arch.js';

/** A storey of a corridor with eight 100 m² offices, a door into each, and a stairwell at the east end. */
export function officeStorey(id: string, min_z: number): StoreySpec {
  return {
    id,
    min_z,
    max_z: min_z + 3,
    rooms: [
      { id: `${id}-corridor`, exterior: rect(0, 10, 80, 3) },
      ...Array.from({ length: 8 }, (_, k) => ({ id: `${id}-o${k}`, exterior: rect(k * 10, 0, 10, 10) })),
      { id: `${id}-stair`, type: 'Stairwell' as const, exterior: rect(80, 0, 5, 13) },
    ],
    doors: [
      ...Array.from({ length: 8 }, (_, k) => ({
        id: `${id}-d${k}`,
        left: [k * 10 + 4, 10] as [number, number],
        right: [k * 10 + 5, 10] as [number, number],
      })),
      { id: `${id}-ds`, left: [80, 11] as [number, number], right: [80, 12] as [number, number] },
    ],
  };
}

/** Two office storeys, 'g' and 'u' above it, joined by their stairwells. */
export const officeBuilding = (): Arch => makeArch([officeStorey('g', 0), officeStorey('u', 3)]);
