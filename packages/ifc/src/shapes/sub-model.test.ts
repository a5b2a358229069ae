/**
 * Sub-models (sub-model.ts): web-ifc meshes an element from the part of the file it needs as it meshes it from the
 * whole file, on our own small files and on every model of the IFC corpus of up to 5 MB (skipped where it is absent).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FacetReader } from './facets.js';
import { MeshReader, NEEDS_WEB_IFC, wholeModel } from './mesh.js';
import { StepIndex } from '../step/step-index.js';
import { idsOfType } from '../step/line-source.js';
import { SubModels } from './sub-model.js';
import { partsFromText } from '../step/text-relations.js';
import { readLengthUnit } from '../elements/units.js';
import { warmUpModel } from '../work/warm-up.js';
import { asUncutWhole, corpusModels, FOOTPRINT_CLASSES, openInWebIfc, orAbsent, POINT_CLASSES, tinyIfc } from '../test-support.js';
import { TextLines, schemaOf } from '../step/text-lines.js';

/** The text as extractIfc reads it, open whole in web-ifc (its openings uncut), and sub-models of it on the same web-ifc. */
async function opened(bytes: Uint8Array) {
  const text = Buffer.from(bytes);
  const { api, modelID } = await openInWebIfc(asUncutWhole(bytes));
  const index = StepIndex.of(text);
  const models = new SubModels(index, partsFromText(text), api);
  const ids = (keyword: string) => index.idsWithKeyword(Buffer.from(keyword, 'latin1'));
  const close = () => {
    models.close();
    api.CloseModel(modelID);
    api.Dispose();
  };
  return { text, api, modelID, models, ids, close };
}

const roundWall = () =>
  new TextEncoder().encode(
    tinyIfc().replace('#52=IFCRECTANGLEPROFILEDEF(.AREA.,$,#51,200.,5000.);', '#52=IFCCIRCLEPROFILEDEF(.AREA.,$,#51,1000.);'),
  );

describe('a sub-model', () => {
  it('meshes an element as the whole file does, from a small part of it', async () => {
    const { api, modelID, models, ids, close } = await opened(roundWall());
    try {
      models.useWebIfc = true;
      const [wall] = ids('IFCWALL');
      const fromPart = new MeshReader(models, 0.001).mesh(wall!)!;
      expect(fromPart.triangles.length).toBeGreaterThan(60);
      expect(fromPart).toEqual(new MeshReader(wholeModel(api, modelID), 0.001).mesh(wall!));
      expect(models.opened).toBe(1);
      expect(models.modelOf(wall!).modelID).not.toBe(modelID);
    } finally {
      close();
    }
  });

  it('is not opened until web-ifc is to be used: the element needs web-ifc until then', async () => {
    const { models, ids, close } = await opened(roundWall());
    try {
      const [wall] = ids('IFCWALL');
      expect(() => models.modelOf(wall!)).toThrow(NEEDS_WEB_IFC);
      expect(models.opened).toBe(0);
    } finally {
      close();
    }
  });

  it('is opened once for the elements expected, with their parts, and another for one it does not hold', async () => {
    const { models, ids, close } = await opened(warmUpModel());
    try {
      models.useWebIfc = true;
      const [curtainWall] = ids('IFCCURTAINWALL');
      const [column] = ids('IFCCOLUMN');
      const [plate] = ids('IFCPLATE');
      models.expect([curtainWall!]);
      const first = models.modelOf(curtainWall!);
      expect(models.modelOf(plate!)).toBe(first);
      expect(models.opened).toBe(1);
      const second = models.modelOf(column!);
      expect(models.opened).toBe(2);
      expect(models.modelOf(column!)).toBe(second);
      models.modelOf(plate!);
      expect(models.opened).toBe(3);
    } finally {
      close();
    }
  });
});

const { folder, models: corpus } = corpusModels('the sub-model corpus tests', 5 * 1024 * 1024);

describe.skipIf(corpus.length === 0)('sub-models, on the IFC corpus', () => {
  it.each(orAbsent(corpus))(
    '%s: one holds every element the text does not give, each meshed as from the whole file',
    async (file) => {
      const { text, api, modelID, models, close } = await opened(fs.readFileSync(path.join(folder, file)));
      try {
        const lines = new TextLines(StepIndex.of(text), schemaOf(text));
        const { scale } = readLengthUnit(lines, 0, text);
        const facets = new FacetReader(text);
        const classes = [...POINT_CLASSES, ...FOOTPRINT_CLASSES];
        const elements = classes
          .flatMap((type) => idsOfType(lines, 0, type))
          .filter((id) => facets.hasShape(id) && !facets.placed(id, true));
        models.useWebIfc = true;
        models.expect(elements);
        const fromParts = new MeshReader(models, scale);
        const whole = new MeshReader(wholeModel(api, modelID), scale);
        for (const id of elements) expect({ id, mesh: fromParts.mesh(id) }).toEqual({ id, mesh: whole.mesh(id) });
        expect(models.opened).toBe(elements.length > 0 ? 1 : 0);
      } finally {
        close();
      }
    },
    120_000,
  );
});
