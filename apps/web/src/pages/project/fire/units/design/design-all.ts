import {
  SECTION_LABEL_PREFIX,
  type CalcFireSectionsInput,
  type FireCablingResult,
  type FireSectionsResult,
  type FireUnitsResult,
} from '@edrf/fire';
import type { Arch, Elec, Fire, Model } from '@edrf/model';

/** The engine calls 'Design all' makes, each with its progress (0..1). */
export interface DesignAllCalls {
  units: (arch: Arch, fire: Fire, onProgress: (f: number) => void) => Promise<FireUnitsResult>;
  sections: (input: CalcFireSectionsInput, onProgress: (f: number) => void) => Promise<FireSectionsResult>;
  rackRoutes: (arch: Arch, elec: Elec, fire: Fire, onProgress: (f: number) => void) => Promise<Fire['connections']>;
  cabling: (input: { arch: Arch; elec: Elec; fire: Fire }, onProgress: (f: number) => void) => Promise<FireCablingResult>;
}

export interface DesignAllSummary {
  detectors: number;
  sections: number;
  loops: number;
  addressed: number;
  /** Warnings the design leaves: the units', the sections' and the cabling's. */
  warnings: number;
  /** Why cabling was left out ('No fire rack found!'), or ''. */
  skipped: string;
}

/** The steps in order, as the progress bar counts them. */
export const DESIGN_ALL_STEPS = ['Units', 'Sections', 'Cables between racks', 'Loops', 'Addresses'] as const;

/**
 * 'Design all' (issue 26): units, sections and their labels, the cables between racks, the loops, then the addresses in
 * loop order, each step on the model the step before made; the whole model is returned for one undoable edit.
 * Without a rack the cabling steps are left out (the addresses then follow a sweep of each section).
 */
export async function designAll(
  start: Model,
  calls: DesignAllCalls,
  onProgress: (step: number, fraction: number) => void = () => {},
): Promise<{ model: Model; summary: DesignAllSummary; cabling: FireCablingResult['validation'] | null }> {
  const fire0 = start.fire;
  if (!fire0) throw new Error('No fire module configured');
  const { arch, elec } = start;
  let fire: Fire = fire0;
  const step = (k: number) => (f: number) => onProgress(k, f);

  const units = await calls.units(arch, fire, step(0));
  fire = { ...fire, units: { ...fire.units, ...units.units } };

  const sections = await calls.sections(
    // Anew, as its question says ('Replace sections and loops'): the sections of a run before are dropped.
    { settings: { sections: true, labels: true, addresses: false, renumber: true }, model: { arch, elec, fire } },
    step(1),
  );
  const labels = Object.fromEntries(Object.entries(fire.units.labels).filter(([id]) => !id.startsWith(SECTION_LABEL_PREFIX)));
  fire = { ...fire, sections: sections.sections, units: { ...fire.units, labels: { ...labels, ...sections.labels } } };

  let cabling: FireCablingResult['validation'] | null = null;
  let skipped = '';
  const racks = Object.keys(fire.units.racks).length;
  if (racks === 0) skipped = 'No fire rack found!';
  else {
    if (racks > 1) fire = { ...fire, connections: await calls.rackRoutes(arch, elec, fire, step(2)) };
    const cabled = await calls.cabling({ arch, elec, fire }, step(3));
    fire = { ...fire, connections: cabled.connections };
    cabling = cabled.validation;
  }

  const addressed = await calls.sections(
    // Numbered anew in loop order: the addresses a run without a rack gave (a sweep) would otherwise stay.
    { settings: { sections: false, labels: false, addresses: true, renumber: true }, model: { arch, elec, fire } },
    step(4),
  );
  fire = { ...fire, sections: addressed.sections };

  const summary: DesignAllSummary = {
    detectors: Object.keys(fire.units.detectors).length,
    sections: Object.keys(fire.sections).length,
    // Loops only where this run made them (a model without a rack may still hold old ones).
    loops: cabling ? Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop').length : 0,
    addressed: Object.values(fire.sections).reduce((s, x) => s + Object.keys(x.addresses).length, 0),
    warnings: units.validation.warnings.length + addressed.validation.warnings.length + (cabling?.warnings.length ?? 0),
    skipped,
  };
  return { model: { ...start, fire }, summary, cabling };
}

/** The toast after 'Design all': what the design has, what is left to look at, and what could not be done and why. */
export function designAllMessage(s: DesignAllSummary): string {
  const parts = [
    plural(s.detectors, 'detector'),
    plural(s.sections, 'section'),
    ...(s.skipped ? [] : [plural(s.loops, 'loop')]),
    plural(s.addressed, 'address', 'addresses'),
  ];
  const left = s.warnings > 0 ? `; ${plural(s.warnings, 'warning')} to look at` : '';
  return `Designed: ${parts.join(', ')}${left}.${s.skipped ? ` ${DESIGN_ALL_MESSAGES.noLoops}` : ''}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (parts: readonly string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** Design all's own messages (issue 34), defined once. */
export const DESIGN_ALL_MESSAGES = {
  /** Without a rack the cabling steps are left out: said after the figures. */
  noLoops: 'No loops were made: the model has no fire rack. Place a rack (Rack ▾), then Optimize on the Routes page or Design all again.',
  confirmTitle: 'Design all again?',
  confirmLabel: 'Replace sections and loops',
} as const;

/** What Design all makes anew over an existing design: the model's sections and Loop and rack-to-rack routes. */
export function designAllReplaces(model: Model): { sections: number; loops: number; rackRoutes: number } {
  const routes = Object.values(model.fire?.connections.routes ?? {});
  return {
    sections: Object.keys(model.fire?.sections ?? {}).length,
    loops: routes.filter((r) => r.kind === 'Loop').length,
    rackRoutes: routes.filter((r) => r.kind === 'RackToRack').length,
  };
}

/**
 * The question before Design all over an existing design (issue 34), null when there is none to replace: what goes
 * (the sections with their addresses, the loops, the routes between racks where it routes them) and what stays (every
 * unit, whoever placed it, and the routes drawn by hand).
 */
export function designAllQuestion(model: Model): string | null {
  const { sections, loops, rackRoutes } = designAllReplaces(model);
  const racks = Object.keys(model.fire?.units.racks ?? {}).length;
  const goes = [
    sections > 0 ? `${plural(sections, 'section')} with their addresses` : '',
    racks > 0 && loops > 0 ? plural(loops, 'loop') : '',
    racks > 1 && rackRoutes > 0 ? plural(rackRoutes, 'route between racks', 'routes between racks') : '',
  ].filter(Boolean);
  if (goes.length === 0) return null;
  return (
    `Design all makes the design anew: it replaces the ${listed(goes)}, your changes to them included. ` +
    'It keeps every unit placed, by hand or by an earlier run, and adds what is missing; direct routes drawn by hand stay. ' +
    'One Undo brings the present design back.'
  );
}
