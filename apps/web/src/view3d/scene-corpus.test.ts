// @vitest-environment node
/**
 * The 3D scene of real models from the IFC corpus (../shared/ifc or IFC_CORPUS), extracted as an import does.
 * Skipped, with a message, where the corpus is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { extractIfc } from '@edrf/ifc';
import { meshCatalogue } from '@edrf/model';
import { INSTANCE_LAYERS, PRISM_LAYERS, buildSceneData, initialZoom } from './scene-data';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const HOUSE = path.join(corpus, 'AC20-FZK-Haus.ifc');
const LARGEST = path.join(corpus, 'revit2012_janesville_restaurant.ifc');
const present = fs.existsSync(HOUSE) && fs.existsSync(LARGEST);
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the 3D corpus tests are skipped.`);

async function scene(file: string) {
  const { arch, elec } = await extractIfc(new Uint8Array(fs.readFileSync(file)));
  return { arch, data: buildSceneData({ arch, elec, fire: null }, meshCatalogue()) };
}

/** The meshes a whole-building scene draws with every layer on: one per non-empty prism layer, one per instanced shape. */
const meshCount = (data: Awaited<ReturnType<typeof scene>>['data']) =>
  PRISM_LAYERS.filter((layer) => data.prisms[layer].count > 0).length +
  INSTANCE_LAYERS.reduce((n, layer) => n + data.instances[layer].length, 0);

describe.skipIf(!present)('the 3D scene of corpus models', () => {
  test('AC20-FZK-Haus: every wall, slab and room is a prism, within bounds that give a zoom of 1000 / its extent', async () => {
    const { arch, data } = await scene(HOUSE);
    expect(data.prisms.walls.count).toBe(Object.keys(arch.walls).length);
    expect(data.prisms.slabs.count).toBe(Object.keys(arch.slabs).length);
    expect(data.prisms.rooms.count).toBe(Object.keys(arch.rooms).length);
    const b = data.bounds!;
    const extent = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]);
    // A family house: some metres to some tens of metres across.
    expect(extent).toBeGreaterThan(5);
    expect(extent).toBeLessThan(40);
    expect(initialZoom(b)).toBeCloseTo(1000 / extent, 9);
  }, 60_000);

  test('the Janesville restaurant, the largest model, is drawn with far fewer than 100 meshes', async () => {
    const { arch, data } = await scene(LARGEST);
    const objects = data.instances.objects.reduce((n, group) => n + group.ids.length, 0);
    expect(objects).toBe(Object.keys(arch.other_objects).length);
    expect(Object.keys(arch.walls).length).toBeGreaterThan(100);
    expect(meshCount(data)).toBeLessThan(100 - 2); // 2 more for the clipping box
  }, 120_000);
});
