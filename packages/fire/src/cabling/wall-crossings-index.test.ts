// routeWallCrossings looks up rooms, walls, doors and openings in a grid per storey; it must answer exactly as the
// scan of every item it replaced (its `scan: 'all'`) does: on the loops of the generated building as the
// engine cables it, and on random routes over it and over a corpus model with walls and wall openings.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { elecSchema, emptyFire, type Arch, type Route } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { calcFireUnits } from '../calc-units.js';
import { createFireConfig } from '../config.js';
import { calcFireCabling } from '../loops/calc-cabling.js';
import { calcFireSections } from '../sections/calc-sections.js';
import { placeCentrals } from '../test-support/centrals.js';
import { generatedBuilding } from '../test-support/generated-building.js';
import { seededRandom } from '../test-support/random.js';
import { routeWallCrossings } from './wall-crossings.js';

/** Random routes over each storey with rooms: polylines of 2–8 points, some running past the storey's edge. */
function randomRoutes(arch: Arch, perStorey: number, seed: number): Route[] {
  const rand = seededRandom(seed);
  const routes: Route[] = [];
  for (const storey of Object.values(arch.storeys)) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const id of storey.rooms)
      for (const [x, y] of arch.rooms[id]?.shape.exterior ?? []) {
        xs.push(x);
        ys.push(y);
      }
    if (!xs.length) continue;
    const [x0, x1, y0, y1] = [Math.min(...xs) - 3, Math.max(...xs) + 3, Math.min(...ys) - 3, Math.max(...ys) + 3];
    for (let r = 0; r < perStorey; r++) {
      const n = 2 + Math.floor(rand() * 7);
      const nodes = Array.from({ length: n }, () => ({
        unit_id: '',
        coord: [x0 + rand() * (x1 - x0), y0 + rand() * (y1 - y0), storey.height.min_z + 2.9] as [number, number, number],
      }));
      routes.push({ id: `r${routes.length}`, product_id: '', kind: 'Loop', slices: [{ storey_id: storey.id, nodes }] });
    }
  }
  return routes;
}

function expectSameAnswers(arch: Arch, routes: readonly Route[]): number {
  let crossings = 0;
  for (const route of routes) {
    const linear = routeWallCrossings(arch, route, 'all');
    expect(routeWallCrossings(arch, route), route.id).toEqual(linear);
    crossings += linear.length;
  }
  return crossings;
}

describe('routeWallCrossings with its grid, against the linear scan', () => {
  it('on the loops of the generated building (4 storeys) as the engine cables them, and on random routes over it', () => {
    const arch = generatedBuilding(4);
    const elec = elecSchema.parse({});
    let fire = emptyFire(createFireConfig('Sbf1108'));
    fire = { ...fire, units: { ...fire.units, ...calcFireUnits({ arch, fire }).units } };
    fire = {
      ...fire,
      sections: calcFireSections({ settings: { sections: true, labels: false, addresses: false }, model: { arch, elec, fire } }).sections,
    };
    placeCentrals(arch, fire);
    const loops = Object.values(calcFireCabling({ arch, elec, fire }).connections.routes);
    expect(loops.length).toBeGreaterThan(3);
    // Loops of a building with corridors and doors cross some walls; random lines across it cross many.
    expect(expectSameAnswers(arch, loops)).toBeGreaterThan(0);
    expect(expectSameAnswers(arch, randomRoutes(arch, 60, 35))).toBeGreaterThan(500);
  }, 60_000);

  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
  const file = path.join(corpus, 'AC11-Institute-Var-2-IFC.ifc');
  it.skipIf(!fs.existsSync(file))(
    'on random routes over a corpus office block with walls and wall openings',
    async () => {
      const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(file)));
      expect(Object.keys(arch.walls).length).toBeGreaterThan(100);
      expect(Object.keys(arch.wall_openings).length).toBeGreaterThan(10);
      const routes = randomRoutes(arch, 80, 36);
      const named = routes.flatMap((r) => routeWallCrossings(arch, r)).filter((c) => c.wallId !== '').length;
      // Crossings at the model's walls, so the walls' grid is asked.
      expect(named).toBeGreaterThan(50);
      expectSameAnswers(arch, routes);
    },
    60_000,
  );
});
