import type { Arch } from '@edrf/model';
import { makeArch, rect, type DoorSpec, type RoomSpec, type StoreySpec } from './arch.js';

/**
 * A generated office and logistics block for the benchmark: per storey a 185 × 50 m plate with a
 * 3 m corridor along its length, offices of 5 × 6 m and meeting rooms on one side, a large open
 * hall (with an L-shaped annex) on the other, two stairwells, a shaft and plant rooms at the ends.
 * 20 storeys of 9,250 m²
 * make 185,000 m².
 */
export function generatedBuilding(storeys = 20): Arch {
  const specs: StoreySpec[] = [];
  for (let s = 0; s < storeys; s++) {
    const id = (name: string) => `s${s}-${name}`;
    const rooms: RoomSpec[] = [];
    const doors: DoorSpec[] = [];
    // Corridor y in [20, 23], from x 5 to 180; stairwells at both ends.
    rooms.push({ id: id('corridor'), exterior: rect(5, 20, 175, 3), name: 'Corridor' });
    rooms.push({ id: id('stair-w'), exterior: rect(0, 17, 5, 9), type: 'Stairwell', name: 'Stair W' });
    rooms.push({ id: id('stair-e'), exterior: rect(180, 17, 5, 9), type: 'Stairwell', name: 'Stair E' });
    rooms.push({ id: id('shaft'), exterior: rect(0, 26, 5, 3), type: 'Shaft', name: 'Shaft' });
    rooms.push({ id: id('plant-w'), exterior: rect(0, 0, 5, 17), name: 'Plant W' });
    rooms.push({ id: id('store-w'), exterior: rect(0, 29, 5, 21), name: 'Store W' });
    rooms.push({ id: id('plant-e'), exterior: rect(180, 0, 5, 17), name: 'Plant E' });
    doors.push({ id: id('door-pw'), left: [2, 17], right: [3, 17] });
    doors.push({ id: id('door-sw'), left: [5, 35], right: [5, 36] });
    doors.push({ id: id('door-pe'), left: [182, 17], right: [183, 17] });
    doors.push({ id: id('door-w'), left: [5, 21], right: [5, 22] });
    doors.push({ id: id('door-e'), left: [180, 21], right: [180, 22] });
    // South side (y 0..20): offices 5 m wide, 20 m deep split in two (6 m offices and a 14 m room every fourth).
    let office = 0;
    for (let x = 5; x + 5 <= 180; x += 5) {
      const kind = office % 4;
      if (kind === 3) {
        rooms.push({ id: id(`meet-${office}`), exterior: rect(x, 0, 5, 20), name: `Meeting ${office}`, type: 'Other' });
      } else {
        rooms.push({ id: id(`office-${office}`), exterior: rect(x, 14, 5, 6), name: `Office ${office}` });
        rooms.push({
          id: id(`store-${office}`),
          exterior: rect(x, 0, 5, 14),
          name: `Store ${office}`,
          type: office % 8 === 1 ? 'Kitchen' : 'Other',
        });
        doors.push({ id: id(`door-st-${office}`), left: [x + 2, 14], right: [x + 3, 14] });
      }
      doors.push({ id: id(`door-o-${office}`), left: [x + 2, 20], right: [x + 3, 20] });
      office++;
    }
    // North side (y 23..50): one open hall 5..150 and an L-shaped annex 150..185.
    rooms.push({ id: id('hall'), exterior: rect(5, 23, 145, 27), name: 'Hall' });
    rooms.push({
      id: id('annex'),
      exterior: [
        [150, 23],
        [180, 23],
        [180, 26],
        [185, 26],
        [185, 50],
        [150, 50],
      ],
      name: 'Annex',
    });
    doors.push({ id: id('door-h1'), left: [40, 23], right: [42, 23] });
    doors.push({ id: id('door-h2'), left: [110, 23], right: [112, 23] });
    doors.push({ id: id('door-a'), left: [160, 23], right: [162, 23] });
    doors.push({ id: id('door-out'), left: [80, 50], right: [82, 50], exterior: true });
    specs.push({ id: `s${s}`, rooms, doors });
  }
  return makeArch(specs);
}
