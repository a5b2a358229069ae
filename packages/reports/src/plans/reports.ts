import type { Model, Regulation } from '@edrf/model';
import { findReport, type ReportFormat } from '../catalogue.js';
import { sheetsToDxfBytes } from '../drawing/dxf.js';
import type { TitleFields } from '../drawing/furniture.js';
import { sheetWords } from '../drawing/messages.js';
import { sheetsToPdf } from '../drawing/pdf.js';
import type { Sheet } from '../drawing/sheet-set.js';
import type { ReportBuilder, ReportFile, ReportInput, ReportProgress } from '../report-builder.js';
import { symbolSet } from '../symbols/library.js';
import { boxOf, emptyBox, extend, type Box } from './geometry.js';
import { LAYER_COLOURS } from './layers.js';
import { planWords } from './messages.js';
import { storeyPlansOf, type PlanSectionPart, type StoreyPlan } from './plan-model.js';
import { planSheet, storeyTiles, type DrawingContext, type PlanContent } from './plan-sheet.js';
import { entrance, mainCentral, wayThroughDoors } from './way.js';

/** A set of sheets that goes into one DXF (a storey's, or a section's orientation drawing). */
interface SheetGroup {
  name: string;
  sheets: () => Iterable<Sheet>;
}

/** What a plan report is: its key, its drawing-number code and the groups of sheets it draws. */
interface PlanReport {
  key: string;
  code: string;
  groups: (ctx: DrawingContext, plans: StoreyPlan[], fields: (title: string, number: string) => TitleFields) => SheetGroup[];
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const storeyName = (plan: StoreyPlan) => plan.storey.name || `${plan.floor}`;
/** Storeys with something to draw: rooms, walls or units. */
const drawn = (plans: StoreyPlan[]) => plans.filter((p) => p.rooms.length || p.walls.length || p.units.length);

/** A report of one sheet per tile of each storey (issue 35), with the given content. */
function perTile(key: string, code: string, content: PlanContent): PlanReport {
  return {
    key,
    code,
    groups: (ctx, plans, fields) =>
      drawn(plans).map((plan) => ({
        name: storeyName(plan),
        sheets: function* () {
          const tiles = storeyTiles(ctx.model, plan);
          const name = findReport(key)?.name ?? key;
          for (const [i, tile] of tiles.entries()) {
            const title =
              tiles.length > 1
                ? `${name} – ${storeyName(plan)} (${ctx.planWords.tile(i + 1, tiles.length)})`
                : `${name} – ${storeyName(plan)}`;
            const number = `${code}-${plan.floor}${pad2(i + 1)}`;
            yield planSheet(ctx, plan, tile, content, fields(title, number), title);
          }
        },
      })),
  };
}

const BASE: PlanContent = {
  sections: 'none',
  coverage: false,
  units: 'all',
  addresses: false,
  heights: false,
  routes: false,
  trays: false,
  ceilings: false,
  revisionClouds: true,
};

/** BS 5839-1 device placement drawings: walls, doors, room names, devices with address and zone, zone boundaries, coverage. */
export const DEVICE_PLACEMENT = perTile('UkbsDevicePlacement', 'DP', { ...BASE, sections: 'zones', coverage: true, addresses: true });
/** NFPA 72 §7.4.5 layout drawings: plans to scale, north, graphic scale, walls, doors, rooms, ceiling heights, devices, legend. */
export const LAYOUT = perTile('NfpaLayoutDrawings', 'FA', { ...BASE, addresses: true, ceilings: true });
/** SBF Installationsritning: units with symbols and mounting heights, cable routes with cable ids, trays. */
export const INSTALLATION = perTile('SbfInstallationsritning', 'IR', { ...BASE, heights: true, routes: true, trays: true });
/** SBF Serviceritning: every unit with section.address, the sections, the central. */
export const SERVICE = perTile('SbfServiceritning', 'SR', { ...BASE, sections: 'fill', addresses: true });

/**
 * SBF Orienteringsritning: one sheet per section, a simplified plan of its storey with the section coloured, the
 * entrance ('you are here') and the way to the central marked where they are on that storey.
 */
export const ORIENTATION: PlanReport = {
  key: 'SbfOrienteringsritning',
  code: 'OR',
  groups: (ctx, plans, fields) => {
    const fire = ctx.model.fire;
    if (!fire) return [];
    const central = mainCentral(ctx.model);
    const name = findReport('SbfOrienteringsritning')?.name ?? 'Orienteringsritning';
    const planOfRoom = new Map<string, StoreyPlan>();
    for (const plan of plans) for (const room of plan.rooms) planOfRoom.set(room.id, plan);
    const centralPlan = central ? plans.find((p) => p.storey.id === central.storeyId) : undefined;
    const ways = new Map<string, PlanContent['way']>();
    const wayOn = (plan: StoreyPlan) => {
      if (!ways.has(plan.storey.id)) {
        const door = central && plan === centralPlan ? entrance(ctx.model, plan, central.at) : null;
        ways.set(
          plan.storey.id,
          central && plan === centralPlan
            ? { points: door ? wayThroughDoors(plan, door, central.at) : [], entrance: door, central: central.at }
            : undefined,
        );
      }
      return ways.get(plan.storey.id);
    };
    const sections = Object.values(fire.sections)
      .filter((s) => s.parts.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name, 'sv', { numeric: true }) || a.id.localeCompare(b.id));
    // Per storey, once: its box and its section parts by section (a storey of a large building has hundreds of sections).
    const storeys = new Map<StoreyPlan, { box: Box; parts: Map<string, PlanSectionPart[]> }>();
    const storeyOf = (plan: StoreyPlan) => {
      let found = storeys.get(plan);
      if (!found) {
        const parts = new Map<string, PlanSectionPart[]>();
        for (const part of plan.parts) {
          const list = parts.get(part.section.id);
          if (list) list.push(part);
          else parts.set(part.section.id, [part]);
        }
        storeys.set(plan, (found = { box: storeyBox(plan), parts }));
      }
      return found;
    };
    return sections.map((section, si) => ({
      name: ctx.planWords.section(section.name),
      sheets: function* () {
        const onPlans = [...new Set(section.parts.map((p) => planOfRoom.get(p.room_id)).filter((p): p is StoreyPlan => !!p))];
        for (const [i, plan] of onPlans.entries()) {
          const way = wayOn(plan);
          const storey = storeyOf(plan);
          const box = sectionBox(storey.parts.get(section.id) ?? [], storey.box, way);
          const note = plan !== centralPlan && centralPlan ? ctx.planWords.elsewhere(storeyName(centralPlan)) : undefined;
          const title = `${name} – ${ctx.planWords.section(section.name)} – ${storeyName(plan)}`;
          const number = `OR-${pad2(si + 1)}${onPlans.length > 1 ? `.${i + 1}` : ''}`;
          yield planSheet(
            ctx,
            plan,
            box,
            // No revision clouds: the fire brigade's drawing must read at a glance, and a revision is no news to them.
            { ...BASE, sections: { only: section }, units: 'central', way, note, simplified: true, revisionClouds: false },
            fields(title, number),
            title,
          );
        }
      },
    }));
  },
};

/** Context round a section on its orientation drawing: a quarter of its size, at least this (m). */
const SECTION_CONTEXT = 10;

/**
 * What an orientation drawing shows of the storey: the section's parts, the entrance and the central where they are
 * on it, and round them a quarter of that size (at least 10 m) of the building for orientation, within the storey.
 * A sheet per section of a large storey stays small and legible, and the set prints in minutes, not hours.
 */
function sectionBox(parts: readonly PlanSectionPart[], whole: Box, way: PlanContent['way']): Box {
  const b = emptyBox();
  for (const part of parts) for (const [x, y] of part.rings[0]!) extend(b, x, y);
  for (const p of [way?.entrance, way?.central]) if (p) extend(b, p[0], p[1]);
  if (!Number.isFinite(b.min[0])) return whole;
  const margin = Math.max(SECTION_CONTEXT, 0.25 * Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1]));
  return {
    min: [Math.max(whole.min[0], b.min[0] - margin), Math.max(whole.min[1], b.min[1] - margin)],
    max: [Math.min(whole.max[0], b.max[0] + margin), Math.min(whole.max[1], b.max[1] + margin)],
  };
}

/** The whole storey with 1 m round it. */
function storeyBox(plan: StoreyPlan): Box {
  const b = emptyBox();
  for (const room of plan.rooms) for (const [x, y] of room.rings[0]!) extend(b, x, y);
  for (const wall of plan.walls) {
    const w = boxOf(wall);
    extend(b, w.min[0], w.min[1]);
    extend(b, w.max[0], w.max[1]);
  }
  if (!Number.isFinite(b.min[0])) return { min: [0, 0], max: [10, 10] };
  return { min: [b.min[0] - 1, b.min[1] - 1], max: [b.max[0] + 1, b.max[1] + 1] };
}

export const PLAN_REPORTS: readonly PlanReport[] = [DEVICE_PLACEMENT, LAYOUT, INSTALLATION, SERVICE, ORIENTATION];

/** The title block's fields common to every sheet: from model.config and the request (the designer's name). */
export function titleFields(model: Model, input: Pick<ReportInput, 'date' | 'documentStatus' | 'designer' | 'revision'>) {
  const designer = input.designer || model.fire?.config.sbf?.cert_engineer || '';
  return (title: string, number: string): TitleFields => ({
    project: model.config.name,
    address: model.config.address,
    owner: model.config.owner,
    title,
    number,
    revision: input.revision,
    date: input.date,
    status: input.documentStatus,
    designer,
  });
}

export function drawingContext(model: Model, regulation: Regulation): DrawingContext {
  return { model, regulation, symbols: symbolSet(regulation), words: sheetWords(regulation), planWords: planWords(regulation) };
}

/**
 * The builder of a plan report: a PDF of every sheet (one page each), or a DXF per storey (per section for the
 * orientation drawings); each sheet is made when drawn and let go after.
 */
export function planReportBuilder(report: PlanReport): ReportBuilder {
  return async function* (input: ReportInput, format: ReportFormat, progress: ReportProgress): AsyncIterable<ReportFile> {
    const ctx = drawingContext(input.model, input.regulation);
    const plans = storeyPlansOf(input.model);
    const groups = report.groups(ctx, plans, titleFields(input.model, input));
    const name = findReport(report.key)?.name ?? report.key;
    if (groups.length === 0) throw new Error(`Report ${report.key} has nothing to draw`);
    if (format === 'pdf') {
      let done = 0;
      const all = function* () {
        for (const group of groups) {
          yield* group.sheets();
          progress(++done / groups.length);
        }
      };
      yield { name: `${name}.pdf`, data: await sheetsToPdf(all(), ctx.symbols, name) };
    } else if (format === 'dxf') {
      for (const [i, group] of groups.entries()) {
        yield { name: `${name} – ${group.name}.dxf`, data: sheetsToDxfBytes(group.sheets(), ctx.symbols, LAYER_COLOURS) };
        progress((i + 1) / groups.length);
      }
    } else throw new Error(`Report ${report.key} has no ${format} format`);
  };
}

/** The builders, registered by key in render.ts. */
export const buildDevicePlacement = planReportBuilder(DEVICE_PLACEMENT);
export const buildLayout = planReportBuilder(LAYOUT);
export const buildInstallation = planReportBuilder(INSTALLATION);
export const buildService = planReportBuilder(SERVICE);
export const buildOrientation = planReportBuilder(ORIENTATION);
