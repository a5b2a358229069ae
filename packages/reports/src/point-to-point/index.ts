// BS 5839 point-to-point drawings (UkbsPointToPoint, issue 36): each loop as an ordered chain from its panel and
// back, with addresses, device types, isolators, segment lengths, the voltage at each device on both single-fault
// feeds, the loop's schedule and its panel's battery calculation. One PDF of every loop's sheets; a DXF per loop.
import { findReport, type ReportFormat } from '../catalogue.js';
import { sheetsToDxf } from '../drawing/dxf.js';
import { sheetWords } from '../drawing/messages.js';
import { sheetsToPdf } from '../drawing/pdf.js';
import type { Sheet } from '../drawing/sheet-set.js';
import { titleFields } from '../plans/reports.js';
import type { ReportBuilder, ReportFile, ReportInput, ReportProgress } from '../report-builder.js';
import { symbolSet } from '../symbols/library.js';
import { P2P_LAYER_COLOURS } from './layers.js';
import { p2pLoops } from './loops.js';
import { loopSheets } from './sheets.js';
import { P2P_WORDS as W } from './words.js';

export const P2P_KEY = 'UkbsPointToPoint';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The builder: a PDF of every loop's sheets (a loop after the other), or a DXF per loop. */
export const buildPointToPoint: ReportBuilder = async function* (
  input: ReportInput,
  format: ReportFormat,
  progress: ReportProgress,
): AsyncIterable<ReportFile> {
  const { model, regulation } = input;
  const symbols = symbolSet(regulation);
  const words = sheetWords(regulation);
  const name = findReport(P2P_KEY)?.name ?? P2P_KEY;
  const fields = titleFields(model, input);
  const loops = p2pLoops(model, regulation, symbols);
  if (loops.length === 0) throw new Error(`Report ${P2P_KEY} has no loop to draw`);
  // Drawing numbers [our reading]: PP-{loop in drawing order}.{sheet of the loop}.
  const sets = loops.map((loop, i) =>
    loopSheets(
      loop,
      symbols,
      words,
      (sheet, of) => `${W.title} – ${W.loop(loop.name)}${of > 1 ? ` (${W.sheetOf(sheet, of)})` : ''}`,
      (sheet) => `PP-${pad2(i + 1)}.${sheet}`,
      fields,
    ),
  );
  if (format === 'pdf') {
    const all = function* (): Iterable<Sheet> {
      for (const [i, set] of sets.entries()) {
        yield* set.sheets();
        progress((i + 1) / sets.length);
      }
    };
    yield { name: `${name}.pdf`, data: await sheetsToPdf(all(), symbols, name) };
  } else if (format === 'dxf') {
    for (const [i, set] of sets.entries()) {
      const text = sheetsToDxf(set.sheets(), symbols, P2P_LAYER_COLOURS);
      yield { name: `${name} – ${W.loop(loops[i]!.name)}.dxf`, data: new TextEncoder().encode(text) };
      progress((i + 1) / sets.length);
    }
  } else throw new Error(`Report ${P2P_KEY} has no ${format} format`);
};
