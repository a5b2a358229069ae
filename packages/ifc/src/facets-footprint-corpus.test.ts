/**
 * On every model of the IFC corpus (../shared/ifc or IFC_CORPUS; skipped, with a message, where it is absent), the
 * walls, slabs, coverings, stairs and their parts whose shapes facets.ts reads from the text have the footprint and
 * height range that web-ifc's meshes of them give.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as WebIfc from 'web-ifc';
import type { Point2, Polygon } from '@edrf/model';
import { FacetReader } from './facets.js';
import { footprint, loadClipper } from './footprint.js';
import { MeshReader } from './mesh.js';
import { idsOfType } from './step.js';
import { distanceToRing } from './test-support.js';
import { readLengthUnit } from './units.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const present = fs.existsSync(corpus);
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the faceted-footprint corpus tests are skipped.`);
const models = present
  ? fs
      .readdirSync(corpus)
      .filter((f) => f.toLowerCase().endsWith('.ifc'))
      .sort()
  : [];

/** Elements whose footprints the readers ask for, with the parts their aggregates are made of. */
const CLASSES = [
  WebIfc.IFCWALL,
  WebIfc.IFCWALLSTANDARDCASE,
  WebIfc.IFCCURTAINWALL,
  WebIfc.IFCCOLUMN,
  WebIfc.IFCBEAM,
  WebIfc.IFCSLAB,
  WebIfc.IFCCOVERING,
  WebIfc.IFCSTAIR,
  WebIfc.IFCSTAIRFLIGHT,
  WebIfc.IFCRAILING,
  WebIfc.IFCMEMBER,
  WebIfc.IFCPLATE,
  WebIfc.IFCROOF,
  WebIfc.IFCSPACE,
  WebIfc.IFCOPENINGELEMENT,
];

/** Metres: a footprint corner this close to the other footprint's outline is on it. */
const SAME = 1e-3;

const rings = (polygons: Polygon[]): Point2[][] => polygons.flatMap((p) => [p.exterior, ...p.interiors]);
const farthest = (from: Point2[][], to: Point2[][]) =>
  Math.max(0, ...from.flat().map((p) => Math.min(...to.map((ring) => distanceToRing(p, ring)))));

describe.skipIf(!present)('faceted footprints read from the text, on the IFC corpus', () => {
  let faceted = 0;

  it.each(models)(
    '%s: as web-ifc meshes them',
    async (file) => {
      const bytes = fs.readFileSync(path.join(corpus, file));
      const clipper = await loadClipper();
      const api = new WebIfc.IfcAPI();
      await api.Init(undefined, true);
      api.SetLogLevel(WebIfc.LogLevel.LOG_LEVEL_OFF);
      const modelID = api.OpenModel(new Uint8Array(bytes), { COORDINATE_TO_ORIGIN: false });
      try {
        const { scale } = readLengthUnit(api, modelID, bytes);
        const facets = new FacetReader(bytes);
        const read = new MeshReader(api, modelID, scale, facets);
        const meshed = new MeshReader(api, modelID, scale);
        for (const id of CLASSES.flatMap((type) => idsOfType(api, modelID, type))) {
          if (!facets.placed(id, true)) continue;
          faceted++;
          const fromText = read.mesh(id)!;
          const fromMesh = meshed.mesh(id)!;
          const [a, b] = [rings(footprint(clipper, fromText)), rings(footprint(clipper, fromMesh))];
          const off = a.length === 0 || b.length === 0 ? (a.length === b.length ? 0 : Infinity) : Math.max(farthest(a, b), farthest(b, a));
          expect({ id, off: off < SAME }).toEqual({ id, off: true });
          expect(Math.abs(fromText.minZ - fromMesh.minZ)).toBeLessThan(SAME);
          expect(Math.abs(fromText.maxZ - fromMesh.maxZ)).toBeLessThan(SAME);
        }
      } finally {
        api.CloseModel(modelID);
        api.Dispose();
      }
    },
    120_000,
  );

  it('reads the corpus faceted walls, slabs and stairs from the text', () => {
    expect(faceted).toBeGreaterThan(100);
  });
});
