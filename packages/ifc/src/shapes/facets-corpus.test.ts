/**
 * On every model of the IFC corpus (../shared/ifc or IFC_CORPUS; skipped, with a message, where it is absent), what
 * facets.ts reads from the text (faceted breps, and extrusions of polygons: extrusions.ts) is what web-ifc's meshes give,
 * the file opened as extractIfc opens it: the plan hulls and height ranges of the doors, objects and trays, and the
 * footprints and height ranges of the walls, slabs, coverings, stairs, openings and their parts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as WebIfc from 'web-ifc';
import type { Point2, Polygon } from '@edrf/model';
import { FacetReader } from './facets.js';
import { footprint, loadClipper } from './footprint.js';
import { planHull } from './hull.js';
import { MeshReader, wholeModel } from './mesh.js';
import { idsOfType } from '../step/line-source.js';
import { schemaOf, TextLines } from '../step/text-lines.js';
import { asUncutWhole, corpusModels, FOOTPRINT_CLASSES, POINT_CLASSES, ringsApart as apart } from '../test-support.js';
import { readLengthUnit } from '../elements/units.js';

const { folder: corpus, models } = corpusModels('the faceted-shape corpus tests');
const present = models.length > 0;

/** Metres: hulls' corners and heights this close are the same. */
const SAME_HULL = 1e-5;
/** Metres: a footprint corner this close to the other footprint's outline is on it. */
const SAME_FOOTPRINT = 1e-3;

const hullRing = (xy: Float64Array): Point2[] => {
  const corners = planHull(xy);
  return Array.from({ length: corners.length / 2 }, (_, i) => [corners[i * 2]!, corners[i * 2 + 1]!]);
};
const rings = (polygons: Polygon[]): Point2[][] => polygons.flatMap((p) => [p.exterior, ...p.interiors]);
describe.skipIf(!present)('faceted shapes read from the text, on the IFC corpus', () => {
  it.each(models)(
    '%s: as web-ifc meshes them',
    async (file) => {
      const bytes = fs.readFileSync(path.join(corpus, file));
      const clipper = await loadClipper();
      const api = new WebIfc.IfcAPI();
      await api.Init(undefined, true);
      api.SetLogLevel(WebIfc.LogLevel.LOG_LEVEL_OFF);
      // Whole, its openings uncut: extractIfc cuts them in plan (voids.ts), and web-ifc sees none in its sub-models.
      const modelID = api.OpenModel(asUncutWhole(bytes), { COORDINATE_TO_ORIGIN: false });
      try {
        const { scale } = readLengthUnit(api, modelID, bytes);
        const facets = new FacetReader(bytes);
        const read = new MeshReader(wholeModel(api, modelID), scale, facets);
        const meshed = new MeshReader(wholeModel(api, modelID), scale);
        const ids = (classes: number[]) => classes.flatMap((type) => idsOfType(api, modelID, type));
        for (const id of ids(POINT_CLASSES).filter((id) => facets.placed(id))) {
          const [fromText, fromMesh] = [read.points(id)!, meshed.points(id)!];
          expect({ id, apart: apart([hullRing(fromText.xy)], [hullRing(fromMesh.xy)]) < SAME_HULL }).toEqual({ id, apart: true });
          expect(Math.abs(fromText.minZ - fromMesh.minZ)).toBeLessThan(SAME_HULL);
          expect(Math.abs(fromText.maxZ - fromMesh.maxZ)).toBeLessThan(SAME_HULL);
        }
        for (const id of ids(FOOTPRINT_CLASSES).filter((id) => facets.placed(id, true))) {
          const [fromText, fromMesh] = [read.mesh(id)!, meshed.mesh(id)!];
          const distance = apart(rings(footprint(clipper, fromText)), rings(footprint(clipper, fromMesh)));
          expect({ id, apart: distance < SAME_FOOTPRINT }).toEqual({ id, apart: true });
          expect(Math.abs(fromText.minZ - fromMesh.minZ)).toBeLessThan(SAME_FOOTPRINT);
          expect(Math.abs(fromText.maxZ - fromMesh.maxZ)).toBeLessThan(SAME_FOOTPRINT);
        }
      } finally {
        api.CloseModel(modelID);
        api.Dispose();
      }
    },
    120_000,
  );

  it('reads most of the corpus furniture and doors, and thousands of walls, slabs, openings and parts, from the text', () => {
    // Counted here, from the text alone, so that this test stands alone (in any order, or by itself).
    const counted = { hulls: 0, footprints: 0 };
    for (const file of models) {
      const text = fs.readFileSync(path.join(corpus, file));
      const facets = new FacetReader(text);
      const lines = new TextLines(facets.index, schemaOf(text));
      const ids = (classes: number[]) => classes.flatMap((type) => idsOfType(lines, 0, type));
      counted.hulls += ids(POINT_CLASSES).filter((id) => facets.placed(id)).length;
      counted.footprints += ids(FOOTPRINT_CLASSES).filter((id) => facets.placed(id, true)).length;
    }
    expect(counted.hulls).toBeGreaterThan(1100);
    expect(counted.footprints).toBeGreaterThan(4000);
  }, 120_000);
});
