// The Anläggarintyg read back as its reader reads it: the words in each box (pdftotext -bbox), the page texts, the
// pages drawn (pdftoppm). The small building's figures are counted from the model here, apart from the report's code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractIfc } from '@edrf/ifc';
import {
  sbfConfigSchema,
  SBF_CLASSES,
  SBF_EVAC_TYPES,
  SBF_NOTIFICATION_TYPES,
  SBF_TRANSFER_TYPES,
  type Model,
  type SbfConfig,
} from '@edrf/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { quantities } from '../boq/quantities.js';
import { pdfGrey, pdfPageTexts, pdfPngs } from '../drawing/read-back.js';
import { POINTS_PER_MM, SHEET_SIZES } from '../pdf/document.js';
import { designedModel } from '../plans/designed.js';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';
import { certificateForm, managerAddress, type CertificateForm } from './form.js';
import { CERTIFICATE_WORDS as W, EVAC_LABELS, NOTIFICATION_LABELS, TRANSFER_LABELS } from './labels.js';
import { MARGIN } from './pdf.js';
import { checkedOptions, fieldValue, fieldValues, pdfWords, type PdfWord } from './read-fields.js';
import { certificateModel, FILLED_SBF } from './test-model.js';

const INPUT = { date: '2026-11-28', documentStatus: 'Relationshandling', designer: 'Anna Ängström', revision: 'B' };
const HEADER = { date: INPUT.date, status: INPUT.documentStatus, designer: INPUT.designer, revision: INPUT.revision };
const squash = (s: string) => s.replace(/\s+/g, '');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

async function certificate(model: Model): Promise<ReportFile> {
  const files: ReportFile[] = [];
  for await (const file of renderReport('SbfAnlaggarintyg', 'pdf', { model, regulation: 'Sbf1108', ...INPUT })) files.push(file);
  expect(files).toHaveLength(1);
  return files[0]!;
}

/** The crossed options of the box labelled `label`. */
const crossed = (pages: PdfWord[][], label: string) =>
  checkedOptions(fieldValue(pages, label))
    .filter((o) => o.checked)
    .map((o) => o.label);

/** The text of a box as one line (a wrapped text's lines joined), to compare with the setting. */
const text = (pages: PdfWord[][], label: string) => oneLine(fieldValue(pages, label));

/**
 * What the PDF must show of each SBF setting, one check per setting: a field added to the schema and not to the form
 * fails to compile here (Record over every key) and fails the key comparison below.
 */
function settingChecks(sbf: SbfConfig): Record<keyof SbfConfig, (pages: PdfWord[][]) => void> {
  const yesNo = (value: boolean) => [value ? W.yes : W.no];
  const minutes = (n: number) => `${String(n).replace('.', ',')} ${W.minutes}`;
  return {
    new_installation: (p) =>
      expect(crossed(p, W.installation.kind)).toEqual([sbf.new_installation ? W.installation.newInstallation : W.installation.change]),
    governmental: (p) => expect(crossed(p, W.installation.governmental)).toEqual(yesNo(sbf.governmental)),
    replaces_date: (p) => expect(text(p, W.installation.replaces)).toBe(sbf.replaces_date),
    installer_company: (p) => expect(text(p, W.installer.company)).toBe(sbf.installer_company),
    installer_company_address: (p) => expect(text(p, W.installer.address)).toBe(sbf.installer_company_address),
    installer_company_cert_id: (p) => expect(text(p, W.installer.certId)).toBe(sbf.installer_company_cert_id),
    cert_engineer: (p) => {
      expect(text(p, W.installer.engineer)).toBe(sbf.cert_engineer);
      expect(text(p, W.signature.print)).toBe(sbf.cert_engineer);
    },
    subcontractor: (p) => expect(text(p, W.installer.subcontractor)).toBe(sbf.subcontractor),
    maintenance_company: (p) => expect(text(p, W.installer.maintenance)).toBe(sbf.maintenance_company),
    cls: (p) => expect(crossed(p, W.scope.cls)).toEqual([sbf.cls]),
    cls_descr: (p) => expect(text(p, W.scope.clsDescr)).toBe(sbf.cls_descr),
    activation_by_all: (p) => expect(crossed(p, W.activation.byAll)).toEqual(yesNo(sbf.activation_by_all)),
    activation_descr: (p) => expect(text(p, W.activation.descr)).toBe(sbf.activation_descr),
    io_functions: (p) => expect(text(p, W.control.functions)).toBe(sbf.io_functions),
    io_area: (p) => expect(text(p, W.control.area)).toBe(sbf.io_area),
    io_scope: (p) => expect(text(p, W.control.scope)).toBe(sbf.io_scope),
    notification_type: (p) => expect(crossed(p, W.organisation.type)).toEqual([NOTIFICATION_LABELS[sbf.notification_type]]),
    notification_spoken_message: (p) => expect(crossed(p, W.evacuation.spoken)).toEqual(yesNo(sbf.notification_spoken_message)),
    notification_area: (p) => expect(text(p, W.organisation.area)).toBe(sbf.notification_area),
    notification_scope: (p) => expect(text(p, W.organisation.scope)).toBe(sbf.notification_scope),
    transfer_type: (p) => expect(crossed(p, W.organisation.transfer)).toEqual([TRANSFER_LABELS[sbf.transfer_type]]),
    transfer_system_type: (p) => expect(text(p, W.organisation.systemType)).toBe(sbf.transfer_system_type),
    transfer_transmitter_type: (p) => expect(text(p, W.organisation.transmitterType)).toBe(sbf.transfer_transmitter_type),
    transfer_transmitter_number: (p) => expect(text(p, W.organisation.transmitterNumber)).toBe(sbf.transfer_transmitter_number),
    transfer_receiver: (p) => expect(text(p, W.organisation.receiver)).toBe(sbf.transfer_receiver),
    delay: (p) => expect(crossed(p, W.delay.delay)).toEqual(yesNo(sbf.delay)),
    delay_time: (p) => expect(text(p, W.delay.time)).toBe(minutes(sbf.delay_time)),
    delay_receipt_time: (p) => expect(text(p, W.delay.receipt)).toBe(minutes(sbf.delay_receipt_time)),
    delay_investigation_time: (p) => expect(text(p, W.delay.investigation)).toBe(minutes(sbf.delay_investigation_time)),
    delay_descr: (p) => expect(text(p, W.delay.descr)).toBe(sbf.delay_descr),
    evac_coverage_type: (p) => expect(crossed(p, W.evacuation.coverage)).toEqual([EVAC_LABELS[sbf.evac_coverage_type]]),
    evac_coverage_descr: (p) => expect(text(p, W.evacuation.coverageDescr)).toBe(sbf.evac_coverage_descr),
    evac_selection_type: (p) => expect(crossed(p, W.evacuation.selection)).toEqual([EVAC_LABELS[sbf.evac_selection_type]]),
    evac_selection_descr: (p) => expect(text(p, W.evacuation.selectionDescr)).toBe(sbf.evac_selection_descr),
    amendments: (p) => expect(text(p, W.amendments.text)).toBe(sbf.amendments),
    other_notes: (p) => expect(text(p, W.other.text)).toBe(sbf.other_notes),
    facility_managers: (p) => {
      sbf.facility_managers.forEach((m, i) => expect(text(p, W.managers.name(i + 1))).toBe(m.name));
      expect(p.flatMap((words) => fieldValues(words, W.managers.phone))).toEqual(sbf.facility_managers.map((m) => m.phone));
      expect(p.flatMap((words) => fieldValues(words, W.managers.address)).map(oneLine)).toEqual(
        sbf.facility_managers.map((m) => managerAddress(m)),
      );
    },
  };
}

/** The counts of the small building, from the model by its products' types: the figures the form must print. */
function expectedCounts(model: Model): [label: string, count: number][] {
  const fire = model.fire!;
  const p = fire.config.products;
  const detectorType = (id: string) => p.detectors.find((d) => d.id === id)?.type;
  const sirenType = (id: string) => p.sirens.find((s) => s.id === id)?.type;
  const detectors = Object.values(fire.units.detectors);
  const sirens = Object.values(fire.units.sirens);
  return [
    ['Rökdetektor', detectors.filter((d) => detectorType(d.product_id) === 'Smoke').length],
    ['Värmedetektor', detectors.filter((d) => detectorType(d.product_id) === 'Heat').length],
    ['Larmknapp', Object.keys(fire.units.buttons).length],
    ['Larmdon (ljud)', sirens.filter((s) => sirenType(s.product_id) !== 'Light').length],
    ['Larmdon (ljus)', sirens.filter((s) => sirenType(s.product_id) === 'Light').length],
    ['In-/utgångsenhet', Object.keys(fire.units.ios).length],
    [W.scope.sections, Object.keys(fire.sections).length],
    [W.scope.addresses, Object.values(fire.sections).reduce((n, s) => n + Object.keys(s.addresses).length, 0)],
    [W.scope.centrals, Object.keys(fire.connections.centrals).length],
    [W.scope.loops, Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop').length],
    [W.scope.racks, Object.values(fire.units.racks).filter((r) => r.physical).length],
  ];
}

/** The options of the form's box labelled `label` and which are crossed. */
function formChecks(form: CertificateForm, label: string): string[] {
  const cell = form.sections.flatMap((s) => s.rows.flatMap((r) => r.cells)).find((c) => c.label === label);
  expect(cell?.options, label).toBeTruthy();
  return cell!.options!.filter((o) => o.checked).map((o) => o.label);
}

describe('SBF Anläggarintyg', () => {
  it('prints every SBF setting in its box, the property details and the document fields on every page', async () => {
    const model = certificateModel();
    const pdf = (await certificate(model)).data;
    const pages = pdfWords(pdf);
    const checks = settingChecks(FILLED_SBF);
    expect(Object.keys(checks).sort()).toEqual(Object.keys(sbfConfigSchema.shape).sort());
    for (const [key, check] of Object.entries(checks)) {
      try {
        check(pages);
      } catch (error) {
        throw new Error(`SBF setting ${key}: ${(error as Error).message}`);
      }
    }
    const config = model.config;
    expect(text(pages, W.installation.name)).toBe(config.name);
    expect(text(pages, W.installation.address)).toBe(config.address);
    expect(text(pages, W.installation.owner)).toBe(config.owner);
    expect(text(pages, W.installation.ownerAddress)).toBe(config.owner_address);
    expect(text(pages, W.installation.tenant)).toBe(config.tenant);
    const header: [string, string][] = [
      [W.header.project, config.name],
      [W.header.date, INPUT.date],
      [W.header.revision, INPUT.revision],
      [W.header.status, INPUT.documentStatus],
      [W.header.designer, INPUT.designer],
      [W.header.number, W.number],
    ];
    const texts = pdfPageTexts(pdf);
    expect(texts.length).toBeGreaterThanOrEqual(2);
    pages.forEach((words, i) => {
      for (const [label, value] of header) expect(fieldValues(words, label), label).toEqual([value]);
      expect(squash(texts[i]!)).toContain(squash(W.page(i + 1, pages.length)));
    });
    // Å, ä and ö print as themselves (the embedded DejaVu font), not as look-alikes.
    expect(texts.join('')).toContain('Åsa Öberg');
  });

  it('crosses exactly the chosen option of every choice, and none on a blank form', () => {
    const blank = certificateForm(certificateModel(null), HEADER);
    const withSbf = (patch: Partial<SbfConfig>) =>
      certificateForm(certificateModel(sbfConfigSchema.parse({ ...FILLED_SBF, ...patch })), HEADER);
    const choices: [label: string, values: readonly string[], patch: (v: string) => Partial<SbfConfig>, name: (v: string) => string][] = [
      [W.scope.cls, SBF_CLASSES, (v) => ({ cls: v as SbfConfig['cls'] }), (v) => v],
      [
        W.organisation.type,
        SBF_NOTIFICATION_TYPES,
        (v) => ({ notification_type: v as SbfConfig['notification_type'] }),
        (v) => NOTIFICATION_LABELS[v as SbfConfig['notification_type']],
      ],
      [
        W.organisation.transfer,
        SBF_TRANSFER_TYPES,
        (v) => ({ transfer_type: v as SbfConfig['transfer_type'] }),
        (v) => TRANSFER_LABELS[v as SbfConfig['transfer_type']],
      ],
      [
        W.evacuation.coverage,
        SBF_EVAC_TYPES,
        (v) => ({ evac_coverage_type: v as SbfConfig['evac_coverage_type'] }),
        (v) => EVAC_LABELS[v as SbfConfig['evac_coverage_type']],
      ],
      [
        W.evacuation.selection,
        SBF_EVAC_TYPES,
        (v) => ({ evac_selection_type: v as SbfConfig['evac_selection_type'] }),
        (v) => EVAC_LABELS[v as SbfConfig['evac_selection_type']],
      ],
      [
        W.installation.kind,
        ['true', 'false'],
        (v) => ({ new_installation: v === 'true' }),
        (v) => (v === 'true' ? W.installation.newInstallation : W.installation.change),
      ],
      [W.installation.governmental, ['true', 'false'], (v) => ({ governmental: v === 'true' }), (v) => (v === 'true' ? W.yes : W.no)],
      [W.activation.byAll, ['true', 'false'], (v) => ({ activation_by_all: v === 'true' }), (v) => (v === 'true' ? W.yes : W.no)],
      [W.delay.delay, ['true', 'false'], (v) => ({ delay: v === 'true' }), (v) => (v === 'true' ? W.yes : W.no)],
      [
        W.evacuation.spoken,
        ['true', 'false'],
        (v) => ({ notification_spoken_message: v === 'true' }),
        (v) => (v === 'true' ? W.yes : W.no),
      ],
    ];
    for (const [label, values, patch, name] of choices) {
      for (const value of values) expect(formChecks(withSbf(patch(value)), label), `${label} = ${value}`).toEqual([name(value)]);
      expect(formChecks(blank, label), `${label} blank`).toEqual([]);
    }
  });

  it('prints the counts of the model in their boxes, as the bill of quantities counts them', async () => {
    const model = certificateModel();
    const pages = pdfWords((await certificate(model)).data);
    const expected = expectedCounts(model);
    for (const [label, n] of expected) expect(text(pages, label), label).toBe(String(n));
    // The small building as built (test-model.ts): 3 smoke and 1 heat detector, 2 sections, 1 loop.
    expect(Object.fromEntries(expected)).toMatchObject({ Rökdetektor: 3, Värmedetektor: 1, [W.scope.sections]: 2, [W.scope.loops]: 1 });
    expect(text(pages, 'Brandförsvarstablå')).toBe('1');
    // The bill of quantities' totals per group are the same units.
    const q = quantities(model, { noProduct: '', rack: '' });
    const total = (group: string) => q.products.filter((l) => l.group === group).reduce((n, l) => n + l.total, 0);
    const count = (label: string) => Number(text(pages, label));
    expect(count('Rökdetektor') + count('Värmedetektor')).toBe(total('detectors'));
    expect(count('Larmdon (ljud)') + count('Larmdon (ljus)')).toBe(total('sirens'));
    expect(count('Larmknapp')).toBe(total('buttons'));
    expect(count(W.control.ios)).toBe(total('ios'));
    expect(count(W.scope.centrals)).toBe(total('centrals'));
    expect(count(W.scope.racks)).toBe(total('racks'));
    // The I/O entries in use and their descriptions, counted from the units.
    const ios = Object.values(model.fire!.units.ios);
    expect(count(W.control.inputs)).toBe(ios.reduce((n, io) => n + io.inputs.length, 0));
    expect(count(W.control.outputs)).toBe(ios.reduce((n, io) => n + io.outputs.length, 0));
    expect(fieldValue(pages, W.control.outputList).split('\n')).toEqual(['Stänger branddörr: 2', 'Ventilationsstopp: 1']);
  });

  it('without SBF settings: a blank form to fill in by hand, the counts still printed', async () => {
    const model = certificateModel(null);
    const pdf = (await certificate(model)).data;
    const pages = pdfWords(pdf);
    const texts = pdfPageTexts(pdf);
    expect(texts.join('')).not.toContain('☒');
    for (const label of [
      W.installation.kind,
      W.scope.cls,
      W.organisation.type,
      W.organisation.transfer,
      W.delay.delay,
      W.evacuation.coverage,
    ])
      expect(checkedOptions(fieldValue(pages, label)).length, label).toBeGreaterThan(1);
    for (const label of [
      W.installer.company,
      W.installer.engineer,
      W.scope.clsDescr,
      W.amendments.text,
      W.signature.print,
      W.managers.name(1),
      W.managers.name(2),
    ])
      expect(fieldValue(pages, label), label).toBe('');
    expect(fieldValues(pages.flat(), W.managers.name(3))).toEqual([]);
    expect(text(pages, W.installation.name)).toBe(model.config.name);
    for (const [label, n] of expectedCounts(model)) expect(text(pages, label), label).toBe(String(n));
  });

  it('leaves the delay times and description blank while delay is off', async () => {
    const model = certificateModel(sbfConfigSchema.parse({ ...FILLED_SBF, delay: false }));
    const pages = pdfWords((await certificate(model)).data);
    expect(crossed(pages, W.delay.delay)).toEqual([W.no]);
    for (const label of [W.delay.time, W.delay.receipt, W.delay.investigation, W.delay.descr])
      expect(fieldValue(pages, label), label).toBe('');
  });

  it('carries long amendments onto the next pages inside their box, nothing lost, nothing past the margins', async () => {
    const lines = Array.from(
      { length: 70 },
      (_, i) =>
        `Avvikelse ${i + 1}: detektorn i rum ${100 + i} sitter närmare än 0,5 m från tilluftsdonet; godkänt av brandskyddsprojektören.`,
    );
    const long = 'https://example.se/' + 'å'.repeat(300);
    const amendments = [...lines.slice(0, 3), long, ...lines.slice(3)].join('\n');
    const model = certificateModel(sbfConfigSchema.parse({ ...FILLED_SBF, amendments }));
    const pdf = (await certificate(model)).data;
    const pages = pdfWords(pdf);
    const texts = pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Every word lies inside the frame; above the footer (its page number set flush right) clear of the right-hand rule.
    const [pageW, pageH] = SHEET_SIZES.A4.pt;
    for (const [i, words] of pages.entries()) {
      const footer = Math.max(...words.filter((w) => w.text === 'Sida').map((w) => w.y0));
      for (const w of words) {
        expect(w.x0, `${w.text} on page ${i + 1}`).toBeGreaterThanOrEqual(MARGIN - 0.5);
        expect(w.x1, `${w.text} on page ${i + 1}`).toBeLessThanOrEqual(w.y0 < footer - 1 ? pageW - MARGIN - 2 : pageW - MARGIN + 0.5);
        expect(w.y1, `${w.text} on page ${i + 1}`).toBeLessThanOrEqual(pageH - MARGIN);
      }
    }
    // Nothing is drawn in the page's margins: 10 mm at each side and under the footer, white on every page.
    const dpi = 72;
    const px = (mm: number) => Math.round(mm * POINTS_PER_MM * (dpi / 72));
    for (let page = 1; page <= pages.length; page++) {
      const { width, height, pixels } = pdfGrey(pdf, dpi, page);
      let ink = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const margin = x < px(10) || x >= width - px(10) || y < px(10) || y >= height - px(10);
          if (margin && pixels[y * width + x]! < 200) ink++;
        }
      expect(ink, `ink in the margins of page ${page}`).toBe(0);
    }
    texts.forEach((page, i) => expect(squash(page)).toContain(squash(W.page(i + 1, pages.length))));
    // The box's parts, page after page, hold the whole text once and in order; the parts after the first say continued.
    const parts = pages.flatMap((words) => fieldValues(words, W.amendments.text));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(squash(parts.join(''))).toBe(squash(amendments));
    const continued = texts.filter((page) => squash(page).includes(squash(`${W.amendments.text} ${W.continued}`)));
    expect(continued).toHaveLength(parts.length - 1);
    // What follows the amendments comes after them, on the last page.
    expect(texts[texts.length - 1]).toContain(FILLED_SBF.other_notes);
    expect(squash(texts[texts.length - 1]!)).toContain(squash(W.signature.title));
  });

  it('draws every page', async () => {
    const pdf = (await certificate(certificateModel())).data;
    const pngs = pdfPngs(pdf, 30);
    expect(pngs).toHaveLength(pdfPageTexts(pdf).length);
    for (const png of pngs) expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const FILE = 'AC20-FZK-Haus.ifc';
const present = fs.existsSync(path.join(corpus, FILE));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the certificate's corpus test is skipped.`);

describe.skipIf(!present)(`SBF Anläggarintyg of ${FILE}, designed as 'Design all' designs it`, () => {
  let model: Model;
  beforeAll(async () => {
    const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, FILE))));
    model = designedModel(arch, 'Sbf1108', 'FZK-Haus');
  }, 120_000);

  it("prints the designed building's counts and the default form's choices", async () => {
    const pdf = (await certificate(model)).data;
    const pages = pdfWords(pdf);
    const expected = expectedCounts(model);
    expect(expected.find(([label]) => label === W.scope.loops)![1]).toBeGreaterThan(0);
    for (const [label, n] of expected) expect(text(pages, label), label).toBe(String(n));
    const q = quantities(model, { noProduct: '', rack: '' });
    const total = (group: string) => q.products.filter((l) => l.group === group).reduce((n, l) => n + l.total, 0);
    expect(Number(text(pages, 'Rökdetektor')) + Number(text(pages, 'Värmedetektor'))).toBe(total('detectors'));
    // A new SBF form (createFireConfig) as the schema's defaults choose.
    const sbf = model.fire!.config.sbf!;
    expect(crossed(pages, W.installation.kind)).toEqual([W.installation.newInstallation]);
    expect(crossed(pages, W.scope.cls)).toEqual([sbf.cls]);
    expect(crossed(pages, W.organisation.type)).toEqual([NOTIFICATION_LABELS[sbf.notification_type]]);
    expect(text(pages, W.installation.name)).toBe('FZK-Haus');
    expect(pdfPngs(pdf, 20)).toHaveLength(pages.length);
  });
});
