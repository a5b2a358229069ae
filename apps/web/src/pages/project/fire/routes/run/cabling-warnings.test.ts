import { describe, expect, it } from 'vitest';
import { calcFireCabling } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { routesModel } from '../test-routes';
import { cablingWarnings, loopsSignature, modelCablingWarnings } from './cabling-warnings';
import { mergeOptimized, type CablingAnswer } from './optimize-edits';

const FROM_MODEL = ['loop_electrical', 'battery', 'no_electrical'];
const kind = (w: { warning_id: string }) => w.warning_id.split(':')[0]!;
const texts = (list: readonly { message: string }[]) => list.map((w) => w.message).sort();

/** routesModel with no loops yet, a cable too thin for its loop and a battery too small for 72 h of standby. */
function strainedModel(): Model {
  const model = routesModel();
  const fire = model.fire!;
  delete fire.connections.routes['loop-1'];
  fire.connections.centrals.c1!.connections = ['r2'];
  fire.config.battery = { standby_hours: 72, alarm_minutes: 30, factor: 1.25 };
  fire.config.products.cables = fire.config.products.cables.map((c) => ({ ...c, resistance: 200_000 }));
  return model;
}

/** Optimize as the page runs it: the engine's answer merged into the model. */
function optimized(model: Model): { model: Model; answer: CablingAnswer } {
  const answer = calcFireCabling({ arch: model.arch, elec: model.elec, fire: model.fire! }) as CablingAnswer;
  return { model: mergeOptimized(model, answer)!, answer };
}

describe('the routes page’s warnings from the model as it is (issue 34)', () => {
  it('are the warnings Optimize gave, read from the model alone, as after a reload', () => {
    const { model, answer } = optimized(strainedModel());
    const fromRun = answer.validation.warnings.filter((w) => FROM_MODEL.includes(kind(w)));
    // The run gave both kinds: a loop's electrical checks and the battery.
    expect(new Set(fromRun.map(kind))).toEqual(new Set(['loop_electrical', 'battery']));
    // A reload has no last run: the model's own warnings are the same texts.
    expect(texts(cablingWarnings(model, null))).toEqual(texts(fromRun));
    // A loop's warnings name it first, so that a click selects it.
    for (const w of cablingWarnings(model, null).filter((x) => kind(x) === 'loop_electrical')) expect(w.unit_id).toMatch(/^loop-\d+\//);
  });

  it('follow an undo: without the loops only the battery of the central itself is left', () => {
    const before = strainedModel();
    const { model } = optimized(before);
    const last = { warnings: [], loops: loopsSignature(model.fire) };
    expect(cablingWarnings(model, last).some((w) => kind(w) === 'loop_electrical')).toBe(true);
    // Undo: the model before Optimize.
    const after = cablingWarnings(before, last);
    expect(after.some((w) => kind(w) === 'loop_electrical')).toBe(false);
    expect(after.every((w) => !w.message.includes('loop-'))).toBe(true);
  });

  it('keep a run’s own warnings (no way, area, reach) while its loops stay as it left them', () => {
    const { model } = optimized(strainedModel());
    const noWay = { warning_id: 'loop_no_way:loop-1/d1/d2', unit_id: 'loop-1/d1/d2', section_id: '', message: 'no way' };
    const last = { warnings: [noWay], loops: loopsSignature(model.fire) };
    expect(cablingWarnings(model, last)).toContainEqual(noWay);
    // A node of the loop moved: the run's words no longer hold; the model's own still do.
    const moved = structuredClone(model);
    const loop = Object.values(moved.fire!.connections.routes).find((r) => r.kind === 'Loop')!;
    const node = loop.slices[0]!.nodes[1]!;
    node.coord = [node.coord[0] + 0.3, node.coord[1], node.coord[2]];
    expect(cablingWarnings(moved, last)).not.toContainEqual(noWay);
    expect(texts(modelCablingWarnings(moved)).length).toBeGreaterThan(0);
  });
});
