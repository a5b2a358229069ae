import { fedUnits, loopFiguresOf, supplyChecks, supplyWarnings, type SupplyCheck, type UnitLoad } from '@edrf/fire';
import { UNIT_PRODUCT_LIST, type Fire, type Model, type ProductUnitGroup } from '@edrf/model';
import type { CablingAnswer } from './optimize-edits';

export type RouteWarning = CablingAnswer['validation']['warnings'][number];

/** The last cabling run's warnings and the model's loops as it left them (last-cabling.ts). */
export interface LastCabling {
  warnings: readonly RouteWarning[];
  /** loopsSignature of the model the run's answer made. */
  loops: string;
}

/** The kinds of calc_fire_cabling's warnings the page computes from the model at any time (issue 34). */
const FROM_MODEL = new Set(['loop_electrical', 'battery', 'no_electrical']);
const kindOf = (w: RouteWarning) => w.warning_id.split(':')[0] ?? '';

const byNaturalId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id, undefined, { numeric: true });

/** The model's Loop routes as text: a run's own warnings hold while the loops are as the run left them. */
export const loopsSignature = (fire: Fire | null | undefined): string =>
  JSON.stringify(
    Object.values(fire?.connections.routes ?? {})
      .filter((r) => r.kind === 'Loop')
      .sort(byNaturalId),
  );

/** A unit's product name as the engine's message names it: its name, else its id; '' without a product. */
function productNameOf(fire: Fire, unitId: string): string {
  for (const group of Object.keys(UNIT_PRODUCT_LIST) as ProductUnitGroup[]) {
    const unit = fire.units[group][unitId];
    if (!unit) continue;
    const product = (fire.config.products[UNIT_PRODUCT_LIST[group]] as readonly { id: string; name: string }[]).find(
      (p) => p.id === unit.product_id,
    );
    return product ? product.name || product.id : unit.product_id;
  }
  return '';
}

/**
 * The cabling's warnings of the model as it is (issue 34: after a reload or an undo too), by the engine's own checks:
 * each loop's (loopFiguresOf, as calc_fire_cabling words them under the loop's id), every central's and power supply's
 * battery (supplyChecks, a central with the units of its loops), and each unit whose current is not known.
 */
export function modelCablingWarnings(model: Model): RouteWarning[] {
  return modelCabling(model).warnings;
}

/** Every central's and power supply's battery check of the model as it is (a central with its loops' units). */
export const supplyChecksOf = (model: Model): SupplyCheck[] => modelCabling(model).checks;

// The routes page and the equipment panel ask on every render of an edit: one answer per fire module object.
const answers = new WeakMap<Fire, { arch: Model['arch']; warnings: RouteWarning[]; checks: SupplyCheck[] }>();

function modelCabling(model: Model): { warnings: RouteWarning[]; checks: SupplyCheck[] } {
  const fire = model.fire;
  if (!fire) return { warnings: [], checks: [] };
  const kept = answers.get(fire);
  if (kept?.arch === model.arch) return kept;
  const figuresOf = loopFiguresOf({ arch: model.arch, fire });
  const loops = Object.values(fire.connections.routes)
    .filter((r) => r.kind === 'Loop')
    .sort(byNaturalId);
  const warnings: RouteWarning[] = [];
  const centrals = new Map<string, SupplyCheck>();
  const unknown = new Map<string, UnitLoad & { id: string }>();
  for (const loop of loops) {
    const figures = figuresOf(loop.id);
    if (!figures) continue;
    figures.warnings.forEach((message, k) => {
      const key = `${loop.id}/${k}`;
      warnings.push({ warning_id: `loop_electrical:${key}`, unit_id: key, section_id: '', message });
    });
    if (figures.battery) centrals.set(figures.battery.id, figures.battery);
    for (const m of figures.members)
      if (!m.known)
        unknown.set(m.id, {
          id: m.id,
          known: false,
          productName: productNameOf(fire, m.id),
          productId: '',
          alarmCurrent: 0,
          quiescentCurrent: 0,
          minVoltage: 0,
        });
  }
  // A central's check counts its loops' units (loopFiguresOf's); one without loops and every power supply need none.
  const checks = supplyChecks(fire, new Map()).map((c) => centrals.get(c.id) ?? c);
  warnings.push(...supplyWarnings(checks, [...unknown.values(), ...fedUnits(fire)]));
  const answer = { arch: model.arch, warnings, checks };
  answers.set(fire, answer);
  return answer;
}

/**
 * What the routes page lists: the model's own warnings, then the last run's other warnings (a loop with no way
 * between two units, over its area, class A, a central's reach or loop count, units cut off) while the loops are as
 * that run left them; they cannot be computed without routing again.
 */
export function cablingWarnings(model: Model, last: LastCabling | null): RouteWarning[] {
  const own = modelCablingWarnings(model);
  if (!last || last.loops !== loopsSignature(model.fire)) return own;
  return [...own, ...last.warnings.filter((w) => !FROM_MODEL.has(kindOf(w)))];
}
