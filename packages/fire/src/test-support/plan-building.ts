// The plan drawings' test building (packages/reports/src/plans/test-model.ts designs it by hand; packages/reports depends
// on this package, not the other way): the building, its tray, a design cabled by the engine and the architect's revision
// a report of issue 40 was made on.
import { elecSchema, newRack, wallSchema, type Arch, type Elec, type Fire } from '@edrf/model';
import { calcFireCabling } from '../loops/calc-cabling.js';
import { makeArch, rect } from './arch.js';
import { centralIn } from './centrals.js';
import { BASIS_AT, designed, edited, removeRoom } from './revision-edits.js';
import { designBasis } from '../revision/arch-changes.js';

/** The plan drawings' building: an entrance, a corridor, two offices and a store on P1 behind 0.2 m walls; a hall on P2. */
export function planBuilding(): Arch {
  const arch = makeArch([
    {
      id: 'P1',
      rooms: [
        { id: 'entre', name: 'Entré', exterior: rect(0, 0, 6, 8) },
        { id: 'korridor', name: 'Korridor', exterior: rect(6, 0, 14, 3) },
        { id: 'kontor1', name: 'Kontor 1', exterior: rect(6, 3, 7, 5) },
        { id: 'kontor2', name: 'Kontor 2', exterior: rect(13, 3, 7, 5) },
        { id: 'forrad', name: 'Förråd Å', exterior: rect(20, 0, 6, 8) },
      ],
      doors: [
        { id: 'door-out', left: [0, 3], right: [0, 4], exterior: true },
        { id: 'door-1', left: [6, 1], right: [6, 2] },
        { id: 'door-2', left: [8, 3], right: [9, 3] },
        { id: 'door-3', left: [15, 3], right: [16, 3] },
        { id: 'door-4', left: [20, 1], right: [20, 2] },
      ],
    },
    { id: 'P2', rooms: [{ id: 'hall', name: 'Hall', exterior: rect(0, 0, 26, 8) }] },
  ]);
  const walls: [string, string, number, number, number, number][] = [
    // The south wall in two, the first exactly 10 m long: the plan drawings' scale checks measure it.
    ['w-south-a', 'P1', 0, 0, 10, 0],
    ['w-south-b', 'P1', 10, 0, 26, 0],
    ['w-north', 'P1', 0, 8, 26, 8],
    ['w-west', 'P1', 0, 0, 0, 8],
    ['w-east', 'P1', 26, 0, 26, 8],
    ['w-entre', 'P1', 6, 0, 6, 8],
    ['w-store', 'P1', 20, 0, 20, 8],
    ['w-corridor', 'P1', 6, 3, 20, 3],
    ['w-offices', 'P1', 13, 3, 13, 8],
    ['w2-south', 'P2', 0, 0, 26, 0],
    ['w2-north', 'P2', 0, 8, 26, 8],
    ['w2-west', 'P2', 0, 0, 0, 8],
    ['w2-east', 'P2', 26, 0, 26, 8],
  ];
  for (const [id, storey, x0, y0, x1, y1] of walls) {
    const z = storey === 'P1' ? 0 : 3;
    const [dx, dy] = x0 === x1 ? [0.1, 0] : [0, 0.1];
    const exterior = [
      [x0 - dx, y0 - dy, z],
      [x1 - dx, y1 - dy, z],
      [x1 + dx, y1 + dy, z],
      [x0 + dx, y0 + dy, z],
    ];
    arch.walls[id] = wallSchema.parse({ id, shape: { exterior } });
    arch.storeys[storey]!.walls.push(id);
  }
  return arch;
}

/** The tray along the corridor. */
export const PLAN_TRAYS: Elec = elecSchema.parse({
  trays: { t1: { id: 't1', storey_id: 'P1', start: [6.5, 1.5, 2.8], end: [19.5, 1.5, 2.8], width: 0.3 } },
});

/** Designed by the engine: its units and sections, a rack with the main central in the entrance, the loops of Cabling. */
export function cabledPlan(arch: Arch = planBuilding(), elec: Elec = PLAN_TRAYS): Fire {
  const fire = designed(arch);
  fire.units.racks = { r1: { ...newRack('r1', 'P1', [1, 6.5, 0.1]), label: 'Skåp 1' } };
  fire.connections.centrals = { c1: centralIn('c1', 'r1', fire.config.products.centrals[0]!) };
  fire.connections = calcFireCabling({ arch, elec, fire }).connections;
  fire.design_basis = designBasis(arch, BASIS_AT, fire.units);
  return fire;
}

/** The architect's revision of the report: Förråd Å removed, Arkiv added in its south half, Kontor 1 a metre narrower. */
export const planRevision = (arch: Arch): Arch =>
  edited(arch, (draft) => {
    removeRoom(draft, 'forrad');
    draft.rooms.arkiv = { ...structuredClone(draft.rooms.kontor1!), id: 'arkiv', name: 'Arkiv' };
    draft.rooms.arkiv.shape.exterior = rect(20, 0, 6, 4);
    draft.storeys.P1!.rooms.push('arkiv');
    draft.rooms.kontor1!.shape.exterior = rect(6, 3, 6, 5);
  });
