/**
 * Rack-to-rack routes on real buildings: IFC models of the corpus (../shared/ifc or IFC_CORPUS) extracted with
 * @edrf/ifc, a rack in the largest room of every storey and one more on the lowest. Skipped, with a message, where
 * the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fireSchema, rackUnitSchema, type Arch, type RackUnit } from '@edrf/model';
import { extractIfc } from '@edrf/ifc';
import { indexBuilding } from '../building.js';
import { fireFor } from '../test-support/check-units.js';
import { rackToRackRoutes } from './rack-to-rack.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const MODELS = ['AC11-Institute-Var-2-IFC.ifc', 'duplex.ifc'];
const present = (file: string) => fs.existsSync(path.join(corpus, file));
if (!MODELS.every(present)) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the rack-to-rack corpus tests are skipped.`);

for (const file of MODELS)
  describe.skipIf(!present(file))(`rack-to-rack routes on ${file}`, () => {
    let arch: Arch | undefined;
    const load = async () => (arch ??= (await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, file))))).arch);

    it('a ring through racks on every storey: each leg through the building, its slices on the storeys it crosses', async () => {
      const a = await load();
      const storeys = indexBuilding(a).storeys.filter((s) => s.rooms.length > 0);
      const racks: RackUnit[] = [];
      const place = (storey: (typeof storeys)[number], room: (typeof storey.rooms)[number]) =>
        racks.push(
          rackUnitSchema.parse({
            id: `rack-${racks.length + 1}`,
            storey_id: storey.storey.id,
            coord: [room.centroid[0], room.centroid[1], storey.storey.height.min_z + 0.1],
          }),
        );
      for (const storey of storeys) place(storey, [...storey.rooms].sort((p, q) => q.area - p.area)[0]!);
      const lowest = storeys[0]!;
      if (lowest.rooms.length > 1) place(lowest, [...lowest.rooms].sort((p, q) => p.area - q.area)[0]!);
      expect(racks.length).toBeGreaterThanOrEqual(3);

      const fire = fireFor('Sbf1108', { racks: Object.fromEntries(racks.map((r) => [r.id, r])) });
      const { connections, warnings } = rackToRackRoutes({ arch: a, fire });
      expect(warnings).toEqual([]);
      expect(() => fireSchema.parse({ ...fire, connections })).not.toThrow();
      const routes = Object.values(connections.routes);
      expect(routes).toHaveLength(racks.length);
      const byId = new Map(racks.map((r) => [r.id, r]));
      for (const route of routes) {
        const nodes = route.slices.flatMap((s) => s.nodes);
        const [from, to] = [byId.get(nodes[0]!.unit_id)!, byId.get(nodes.at(-1)!.unit_id)!];
        expect(from && to && from !== to).toBe(true);
        expect(route.slices[0]!.storey_id).toBe(from.storey_id);
        expect(route.slices.at(-1)!.storey_id).toBe(to.storey_id);
        for (const slice of route.slices) expect(a.storeys[slice.storey_id]).toBeDefined();
        // No slice follows another of the same storey.
        for (let k = 1; k < route.slices.length; k++) expect(route.slices[k]!.storey_id).not.toBe(route.slices[k - 1]!.storey_id);
      }
    });
  });
