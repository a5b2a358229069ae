// GET /api/v1/fire_reports and POST /api/v1/project/{id}/gen_fire_reports (F§7, F§9, issue 35): the catalogue, the
// files and their names, and every refusal.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDRF_SCHEMA } from '@edrf/model';
import { boqModel } from '@edrf/reports/testing';
import { testDatabases } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { countedItems, productSum, reportRequest } from '../support/report-fixtures.js';

const PROJECT = 'Kv Ugglan Ö';
const DESIGNER = 'reports-designer@example.com';

describe.each(testDatabases())('fire reports (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.cookieFor(DESIGNER);
    // Exempt: the documents, not the payment (fire-payment.test.ts), are tested here.
    const org = await t.createOrg('Reports AB', { [DESIGNER]: 'standard' }, { billing_type: 'exempt' });
    projectId = (await t.createProject(org.org_id, PROJECT, { [DESIGNER]: 'editor' })).project_id;
  });
  afterAll(() => t?.close());

  const body = (fields: Record<string, unknown> = {}) =>
    reportRequest({ ifc_model: false, pdf_reports: [], dxf_reports: [], xlsx_reports: ['SbfBillOfQuantities'], ...fields });
  const generate = (payload: unknown, headers: Record<string, string> = {}, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/project/${projectId}/gen_fire_reports`,
      headers: { cookie: as, 'content-type': 'application/json', 'edrf-schema': String(EDRF_SCHEMA), ...headers },
      payload: JSON.stringify(payload),
    });

  describe('GET /api/v1/fire_reports', () => {
    it.each([
      ['Sbf1108', 'Sbf', 12],
      ['Bs5839', 'Ukbs', 4],
      ['Nfpa72', 'Nfpa', 3],
    ])('lists the %s reports (keys prefixed %s, F§9) and the IFC model', async (regulation, prefix, count) => {
      const res = await t.call('GET', `/api/v1/fire_reports?regulation=${regulation}`, { cookie });
      expect(res.status).toBe(200);
      const reports = res.body.reports as { key: string; name: string; formats: string[]; requirement: string }[];
      expect(reports).toHaveLength(count + 1);
      expect(reports.filter((r) => r.key.startsWith(prefix))).toHaveLength(count);
      expect(reports.at(-1)).toEqual({
        key: 'IfcModel',
        name: 'IFC model',
        formats: ['ifc'],
        requirement: 'Requires fire units',
      });
      const bill = reports.find((r) => r.key === `${prefix}BillOfQuantities`)!;
      expect(bill).toMatchObject({ formats: ['xlsx', 'pdf'], requirement: 'Requires fire units' });
    });

    it('refuses an unknown regulation (400) and a signed-out caller (401)', async () => {
      const bad = await t.call('GET', '/api/v1/fire_reports?regulation=Din14675', { cookie });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toContain('Unknown regulation');
      expect((await t.call('GET', '/api/v1/fire_reports?regulation=Sbf1108')).status).toBe(401);
    });
  });

  describe('POST gen_fire_reports', () => {
    it("answers one xlsx as the file itself, named '{project}-{filename}', its totals the model's counts", async () => {
      const res = await generate(body());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const name = `${PROJECT}-Mängdförteckning.xlsx`;
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      expect(res.headers['content-disposition']).toContain('filename="Kv Ugglan O-Mangdforteckning.xlsx"');
      expect(await productSum(res.rawPayload)).toBe(countedItems(boqModel('Sbf1108')));
    });

    it('answers one PDF under its own name (F§7)', async () => {
      const res = await generate(body({ xlsx_reports: [], pdf_reports: ['SbfBillOfQuantities'] }));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Mängdförteckning.pdf')}`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it("answers several files as '{project}-reports.zip'", async () => {
      const res = await generate(body({ pdf_reports: ['SbfBillOfQuantities'] }));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${PROJECT}-reports.zip`)}`);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      expect(Object.keys(files).sort()).toEqual(['Mängdförteckning.pdf', 'Mängdförteckning.xlsx']);
      expect(await productSum(Buffer.from(files['Mängdförteckning.xlsx']!))).toBe(countedItems(boqModel('Sbf1108')));
    });

    it('streams progress and then the file when asked (Accept: application/x-ndjson)', async () => {
      const res = await generate(body(), { accept: 'application/x-ndjson' });
      expect(res.statusCode).toBe(200);
      const lines = res.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines[0]).toEqual({ progress: 0 });
      const result = lines.at(-1)!.result as { filename: string; content_type: string; data_base64: string };
      expect(result.filename).toBe(`${PROJECT}-Mängdförteckning.xlsx`);
      expect(await productSum(Buffer.from(result.data_base64, 'base64'))).toBe(countedItems(boqModel('Sbf1108')));
    });

    const withoutUnits = () => {
      const model = boqModel('Sbf1108');
      const fire = model.fire!;
      for (const group of ['detectors', 'sirens', 'buttons', 'ios', 'others'] as const) fire.units[group] = {};
      fire.connections.routes = {};
      return model;
    };
    it.each([
      ['a report whose fire units are missing', { model: withoutUnits() }, 'Requires fire units'],
      ['a report whose sections are missing', { xlsx_reports: [], pdf_reports: ['SbfServiceritning'] }, 'Requires fire sections'],
      [
        'a report whose routes are missing',
        { model: withoutUnits(), xlsx_reports: [], pdf_reports: ['SbfInstallationsritning'] },
        'Requires fire routes',
      ],
      ['an unknown key', { xlsx_reports: ['SbfNothing'] }, 'Unknown report SbfNothing'],
      ['a key of another regulation', { xlsx_reports: ['UkbsBillOfQuantities'] }, 'Report UkbsBillOfQuantities is not a report of Sbf1108'],
      [
        'a format the report has not',
        { xlsx_reports: [], dxf_reports: ['SbfBillOfQuantities'] },
        'Report SbfBillOfQuantities has no dxf format',
      ],
      ['no report at all', { xlsx_reports: [] }, 'No report selected'],
      ['a date that is not YYYY-MM-DD', { date: '14/3/2026' }, 'date: Expected a date YYYY-MM-DD'],
    ])('refuses %s: 400', async (_what, fields, detail) => {
      const res = await generate(body(fields));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail });
    });

    it('refuses a model the schema refuses, naming the path', async () => {
      const model = boqModel('Sbf1108') as unknown as { arch: { rooms: Record<string, { shape: unknown }> } };
      model.arch.rooms.A!.shape = { exterior: [[0, 0]] };
      const res = await generate(body({ model }));
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('model.arch.rooms.A.shape.exterior');
    });

    describe('the IFC model', () => {
      // A tiny IFC4 building in millimetres: two storeys, the second 3 m up (its placement #17).
      const tinyIfc = [
        'ISO-10303-21;',
        'HEADER;',
        "FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');",
        "FILE_NAME('tiny.ifc','2026-01-01T00:00:00',(''),(''),'test','test','');",
        "FILE_SCHEMA(('IFC4'));",
        'ENDSEC;',
        'DATA;',
        '#1=IFCCARTESIANPOINT((0.,0.,0.));',
        '#4=IFCAXIS2PLACEMENT3D(#1,$,$);',
        "#6=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,$);",
        '#7=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);',
        '#8=IFCUNITASSIGNMENT((#7));',
        "#10=IFCPROJECT('0TinyProject0000000000',$,'Tiny',$,$,$,$,(#6),#8);",
        '#11=IFCLOCALPLACEMENT($,#4);',
        "#12=IFCBUILDING('0TinyBuilding000000000',$,'Hus',$,$,#11,$,$,.ELEMENT.,$,$,$);",
        '#13=IFCCARTESIANPOINT((0.,0.,3000.));',
        '#14=IFCAXIS2PLACEMENT3D(#13,$,$);',
        '#15=IFCLOCALPLACEMENT(#11,#4);',
        "#16=IFCBUILDINGSTOREY('0TinyStoreyOne00000000',$,'Plan 1',$,$,#15,$,$,.ELEMENT.,0.);",
        '#17=IFCLOCALPLACEMENT(#11,#14);',
        "#18=IFCBUILDINGSTOREY('0TinyStoreyTwo00000000',$,'Plan 2',$,$,#17,$,$,.ELEMENT.,3000.);",
        "#19=IFCRELAGGREGATES('0TinyAggregates0000000',$,$,$,#12,(#16,#18));",
        'ENDSEC;',
        'END-ISO-10303-21;',
        '',
      ].join('\n');
      const count = (text: string, entity: string) => text.split(`=${entity}(`).length - 1;
      const naming = (sha256: string) => {
        const model = boqModel('Sbf1108');
        model.config.ifc_files = { [sha256]: { name: 'tiny.ifc', size: tinyIfc.length, uploaded_at: '2026-03-01T10:00:00Z' } };
        return model;
      };

      it("adds the design to the project's IFC file its model was read from, in the file's millimetres", async () => {
        const file = await t.addIfcFile(projectId, 'tiny.ifc', tinyIfc);
        const res = await generate(body({ model: naming(file.sha256), xlsx_reports: [], ifc_model: true }));
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/x-step');
        expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${PROJECT}-IFC model.ifc`)}`);
        const text = res.rawPayload.toString('latin1');
        for (const line of tinyIfc.split('\n').filter((l) => l.startsWith('#'))) expect(text).toContain(line.replace(/;$/, ''));
        const fire = boqModel('Sbf1108').fire!;
        expect(count(text, 'IFCSENSOR')).toBe(Object.keys(fire.units.detectors).length);
        expect(count(text, 'IFCALARM')).toBe(Object.keys(fire.units.sirens).length + Object.keys(fire.units.buttons).length);
        expect(count(text, 'IFCUNITARYCONTROLELEMENT')).toBe(Object.keys(fire.units.racks).length);
        // Detector d4 of Plan 2 at (12, 2.5, 5.95) m: 2.95 m above its storey's placement, in millimetres.
        const d4 = fire.units.detectors.d4!.coord;
        const point = new RegExp(
          `#(\\d+)=IFCCARTESIANPOINT\\(\\(${d4[0] * 1000}\\.,${d4[1] * 1000}\\.,${Math.round((d4[2] - 3) * 1000)}\\.\\)\\)`,
        ).exec(text);
        expect(point).not.toBeNull();
        const axis = new RegExp(`#(\\d+)=IFCAXIS2PLACEMENT3D\\(#${point![1]},`).exec(text);
        expect(text).toMatch(new RegExp(`=IFCLOCALPLACEMENT\\(#17,#${axis![1]}\\)`));
      });

      it("writes a new IFC4 file when the model names none of the project's files (another project's file is not read)", async () => {
        const other = (
          await t.createProject((await t.createOrg('Andra AB', { [DESIGNER]: 'standard' })).org_id, 'Annat', { [DESIGNER]: 'editor' })
        ).project_id;
        const theirs = await t.addIfcFile(other, 'theirs.ifc', tinyIfc.replace('Hus', 'Deras hus'));
        for (const model of [boqModel('Sbf1108'), naming(theirs.sha256)]) {
          const res = await generate(body({ model, xlsx_reports: [], ifc_model: true }));
          expect(res.statusCode).toBe(200);
          const text = res.rawPayload.toString('latin1');
          expect(text).toContain("FILE_SCHEMA(('IFC4'));");
          expect(text).not.toContain('0TinyStoreyTwo00000000');
          expect(count(text, 'IFCBUILDINGSTOREY')).toBe(Object.keys(model.arch.storeys).length);
          expect(count(text, 'IFCSENSOR')).toBe(Object.keys(model.fire!.units.detectors).length);
        }
      });
    });

    it('is for project members only: another user gets 404, a signed-out caller 401', async () => {
      const stranger = await t.cookieFor('reports-stranger@example.com');
      const res = await generate(body(), {}, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Project not found' });
      expect((await generate(body(), {}, '')).statusCode).toBe(401);
    });
  });
});
