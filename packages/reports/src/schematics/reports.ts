import type { Model, Regulation } from '@edrf/model';
import { findReport, type ReportFormat } from '../catalogue.js';
import { sheetsToDxf } from '../drawing/dxf.js';
import { sheetWords } from '../drawing/messages.js';
import { sheetsToPdf } from '../drawing/pdf.js';
import type { Sheet } from '../drawing/sheet-set.js';
import { titleFields } from '../plans/reports.js';
import type { ReportBuilder, ReportFile, ReportInput, ReportProgress } from '../report-builder.js';
import { symbolSet } from '../symbols/library.js';
import { LAYER_COLOURS } from './layers.js';
import { riserWords, type RiserWords } from './messages.js';
import { planSheets } from './riser-layout.js';
import { riserModel, type RiserModel } from './riser-model.js';
import { riserSheet, type SchematicContext } from './riser-sheet.js';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The notes under a schematic: how to read it, the isolator and battery rules, Class A (NFPA 72), the transmission (SBF). */
export function schematicNotes(model: Model, riser: RiserModel, words: RiserWords): string[] {
  const fire = model.fire!;
  const notes = [
    words.notes.schematic,
    words.notes.counts,
    words.notes.isolators(fire.config.cabling.isolator_max_units),
    words.notes.battery,
  ];
  const returns = [...riser.loops.values()].some((loops) => loops.some((l) => l.returns));
  if (words.notes.classA && returns) notes.push(words.notes.classA(fire.config.cabling.class_a_separation));
  const sbf = fire.config.sbf;
  if (words.notes.transfer && sbf) notes.push(words.notes.transfer(sbf));
  return notes;
}

/**
 * The builder of a system schematic (BS 5839 riser diagram, NFPA 72 riser diagram, SBF Översiktsschema): a PDF of all
 * its sheets, or one DXF with the sheets side by side; each sheet made when drawn and let go after.
 */
export function schematicBuilder(key: string): ReportBuilder {
  return async function* (input: ReportInput, format: ReportFormat, progress: ReportProgress): AsyncIterable<ReportFile> {
    const regulation: Regulation = input.regulation;
    const riser = riserModel(input.model);
    if (riser.racks.length === 0) throw new Error(`Report ${key} has nothing to draw`);
    const words = riserWords(regulation);
    const plans = planSheets(riser, words, schematicNotes(input.model, riser, words));
    const name = findReport(key)?.name ?? key;
    const fields = titleFields(input.model, input);
    const ctx: SchematicContext = { symbols: symbolSet(regulation), sheetWords: sheetWords(regulation), words };
    const sheets = function* (): Iterable<Sheet> {
      for (const [i, plan] of plans.entries()) {
        const title = plans.length > 1 ? `${name} – ${words.sheetOf(i + 1, plans.length)}` : name;
        yield riserSheet(ctx, plan, fields(title, `${words.code}-${pad2(i + 1)}`), title);
        progress((i + 1) / plans.length);
      }
    };
    if (format === 'pdf') yield { name: `${name}.pdf`, data: await sheetsToPdf(sheets(), ctx.symbols, name) };
    else if (format === 'dxf')
      yield { name: `${name}.dxf`, data: new TextEncoder().encode(sheetsToDxf(sheets(), ctx.symbols, LAYER_COLOURS)) };
    else throw new Error(`Report ${key} has no ${format} format`);
  };
}

/** The builders, registered by key in render.ts. */
export const buildUkbsRiser = schematicBuilder('UkbsRiserDiagram');
export const buildNfpaRiser = schematicBuilder('NfpaRiserDiagram');
export const buildSbfOversikt = schematicBuilder('SbfOversiktsschema');
