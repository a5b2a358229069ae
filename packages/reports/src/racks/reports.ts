// The builders of the three rack documents (issue 36): SBF Förbindningsschema and Monteringsritning as drawings (PDF,
// a DXF per group of sheets), SBF Plintkort as tables (PDF, xlsx). The terminals are given once per model and shared.
import type { Fire, Model } from '@edrf/model';
import { findReport, type ReportFormat } from '../catalogue.js';
import { sheetsToDxf } from '../drawing/dxf.js';
import { sheetWords } from '../drawing/messages.js';
import { sheetsToPdf } from '../drawing/pdf.js';
import { titleFields } from '../plans/reports.js';
import type { ReportBuilder, ReportFile, ReportInput, ReportProgress } from '../report-builder.js';
import { symbolSet } from '../symbols/library.js';
import { tablesToPdf } from '../tables/pdf.js';
import { tablesToXlsx } from '../tables/xlsx.js';
import { RACK_LAYER_COLOURS } from './layers.js';
import { mountingGroups } from './mounting-sheets.js';
import { racksInOrder, roomRecordOf } from './rack-names.js';
import { schemaGroups, type SheetGroup } from './schema-sheets.js';
import { cardsDocument } from './terminal-cards.js';
import { rackWiring, type Wiring } from './terminals.js';
import { RackText, WORDS } from './words.js';

// A request asking for the schema and the cards in several formats gives the terminals once (the loops' figures are
// the engine's, read once per model).
const wirings = new WeakMap<Model, Wiring>();
function wiringOf(model: Model, fire: Fire): Wiring {
  let w = wirings.get(model);
  if (!w) wirings.set(model, (w = rackWiring({ arch: model.arch, fire })));
  return w;
}

function fireOf(input: ReportInput, key: string): Fire {
  const fire = input.model.fire;
  if (!fire || Object.keys(fire.units.racks).length === 0) throw new Error(`Report ${key} has nothing to draw: the model has no rack`);
  return fire;
}

/** 'Plan Erdgeschoss · Rum Flur': where the rack stands, for a sheet's heading. */
function whereOf(model: Model, fire: Fire) {
  return (rackId: string): string => {
    const rack = fire.units.racks[rackId];
    const storey = rack ? model.arch.storeys[rack.storey_id] : undefined;
    const room = roomRecordOf(fire, rackId);
    return [storey ? `${WORDS.storey} ${storey.name || storey.number}` : '', room?.name ? `${WORDS.room} ${room.name}` : '']
      .filter((t) => t !== '')
      .join(' · ');
  };
}

/** A drawing's groups to files: one PDF of every sheet, or a DXF per group. */
async function* drawingFiles(key: string, groups: SheetGroup[], format: ReportFormat, progress: ReportProgress): AsyncIterable<ReportFile> {
  const name = findReport(key)?.name ?? key;
  const symbols = symbolSet('Sbf1108');
  if (format === 'pdf') {
    let done = 0;
    const all = function* () {
      for (const group of groups) {
        yield* group.sheets();
        progress(++done / groups.length);
      }
    };
    yield { name: `${name}.pdf`, data: await sheetsToPdf(all(), symbols, name) };
  } else if (format === 'dxf') {
    for (const [i, group] of groups.entries()) {
      const text = sheetsToDxf(group.sheets(), symbols, RACK_LAYER_COLOURS);
      yield { name: `${name} – ${group.name}.dxf`, data: new TextEncoder().encode(text) };
      progress((i + 1) / groups.length);
    }
  } else throw new Error(`Report ${key} has no ${format} format`);
}

/** SBF Förbindningsschema: the cores between racks terminal to terminal, then each rack's connections. */
export const buildForbindningsschema: ReportBuilder = (input, format, progress) => {
  const key = 'SbfForbindningsschema';
  const fire = fireOf(input, key);
  const names = new RackText(fire);
  const groups = schemaGroups({
    fire,
    wiring: wiringOf(input.model, fire),
    names,
    symbols: symbolSet('Sbf1108'),
    words: sheetWords(input.regulation),
    fields: titleFields(input.model, input),
    where: whereOf(input.model, fire),
  });
  return drawingFiles(key, groups, format, progress);
};

/** SBF Monteringsritning: each rack's front view to scale with its parts table. */
export const buildMonteringsritning: ReportBuilder = (input, format, progress) => {
  const key = 'SbfMonteringsritning';
  const fire = fireOf(input, key);
  const groups = mountingGroups(
    {
      fire,
      names: new RackText(fire),
      symbols: symbolSet('Sbf1108'),
      words: sheetWords(input.regulation),
      fields: titleFields(input.model, input),
      where: whereOf(input.model, fire),
    },
    racksInOrder(fire),
  );
  return drawingFiles(key, groups, format, progress);
};

/** SBF Plintkort: a card per plinth, as PDF pages or xlsx worksheets. */
export async function* buildPlintkort(input: ReportInput, format: ReportFormat, progress: ReportProgress): AsyncIterable<ReportFile> {
  const key = 'SbfPlintkort';
  const fire = fireOf(input, key);
  const name = findReport(key)?.name ?? key;
  const fields = titleFields(input.model, input)(WORDS.cardsTitle, 'PK');
  const document = cardsDocument(wiringOf(input.model, fire), new RackText(fire), fields);
  progress(0.5);
  if (format === 'xlsx') yield { name: `${name}.xlsx`, data: await tablesToXlsx(document) };
  else if (format === 'pdf') yield { name: `${name}.pdf`, data: await tablesToPdf(document) };
  else throw new Error(`Report ${key} has no ${format} format`);
  progress(1);
}
