/**
 * On every model of the IFC corpus (../shared/ifc or IFC_CORPUS; skipped, with a message, where it is absent), the
 * doors, furniture, terminals, proxies and trays whose shapes facets.ts reads from the text have the plan hull and
 * height range that web-ifc's meshes of them give.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IfcAPI, LogLevel } from 'web-ifc';
import { DOOR_CLASSES } from './doors.js';
import { FacetReader } from './facets.js';
import { planHull } from './hull.js';
import { MeshReader } from './mesh.js';
import { OBJECT_CLASSES } from './objects.js';
import { idsOfType } from './step.js';
import { distanceToRing } from './test-support.js';
import { TRAY_CLASSES } from './trays.js';
import { readLengthUnit } from './units.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const present = fs.existsSync(corpus);
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the faceted-shape corpus tests are skipped.`);
const models = present
  ? fs
      .readdirSync(corpus)
      .filter((f) => f.toLowerCase().endsWith('.ifc'))
      .sort()
  : [];

/** Metres: a hull corner of one side this close to the other's outline, and heights this close, are the same. */
const SAME = 1e-5;

const ring = (xy: Float64Array): [number, number][] => {
  const corners = planHull(xy);
  return Array.from({ length: corners.length / 2 }, (_, i) => [corners[i * 2]!, corners[i * 2 + 1]!]);
};
const farthest = (from: [number, number][], to: [number, number][]) => Math.max(...from.map((p) => distanceToRing(p, to)));

describe.skipIf(!present)('faceted shapes read from the text, on the IFC corpus', () => {
  let faceted = 0;

  it.each(models)(
    '%s: as web-ifc meshes them',
    async (file) => {
      const bytes = fs.readFileSync(path.join(corpus, file));
      const api = new IfcAPI();
      await api.Init(undefined, true);
      api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
      const modelID = api.OpenModel(new Uint8Array(bytes), { COORDINATE_TO_ORIGIN: false });
      try {
        const { scale } = readLengthUnit(api, modelID, bytes);
        const facets = new FacetReader(bytes);
        const read = new MeshReader(api, modelID, scale, facets);
        const meshed = new MeshReader(api, modelID, scale);
        const classes = [...OBJECT_CLASSES.map(([type]) => type), ...DOOR_CLASSES, ...TRAY_CLASSES];
        for (const id of classes.flatMap((type) => idsOfType(api, modelID, type))) {
          if (!facets.placed(id)) continue;
          faceted++;
          const fromText = read.points(id)!;
          const fromMesh = meshed.points(id)!;
          const [a, b] = [ring(fromText.xy), ring(fromMesh.xy)];
          expect({ id, off: Math.max(farthest(a, b), farthest(b, a)) < SAME }).toEqual({ id, off: true });
          expect(Math.abs(fromText.minZ - fromMesh.minZ)).toBeLessThan(SAME);
          expect(Math.abs(fromText.maxZ - fromMesh.maxZ)).toBeLessThan(SAME);
        }
      } finally {
        api.CloseModel(modelID);
        api.Dispose();
      }
    },
    60_000,
  );

  it('reads most of the corpus furniture and doors from the text', () => {
    expect(faceted).toBeGreaterThan(1000);
  });
});
