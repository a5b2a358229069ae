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
    { settings: { sections: true, labels: true, addresses: false }, model: { arch, elec, fire } },
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
    { settings: { sections: false, labels: false, addresses: true }, model: { arch, elec, fire } },
    step(4),
  );
  fire = { ...fire, sections: addressed.sections };

  const summary: DesignAllSummary = {
    detectors: Object.keys(fire.units.detectors).length,
    sections: Object.keys(fire.sections).length,
    loops: Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop').length,
    addressed: Object.values(fire.sections).reduce((s, x) => s + Object.keys(x.addresses).length, 0),
    warnings: units.validation.warnings.length + addressed.validation.warnings.length + (cabling?.warnings.length ?? 0),
    skipped,
  };
  return { model: { ...start, fire }, summary, cabling };
}

/** The toast after 'Design all': what the design has, and what is left to look at. */
export function designAllMessage(s: DesignAllSummary): string {
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    plural(s.detectors, 'detector'),
    plural(s.sections, 'section'),
    plural(s.loops, 'loop'),
    plural(s.addressed, 'address', 'addresses'),
  ];
  const left = s.warnings > 0 ? `; ${plural(s.warnings, 'warning')} to look at` : '';
  const skipped = s.skipped ? ` (${s.skipped} Place a rack to cable the loops.)` : '';
  return `Designed: ${parts.join(', ')}${left}.${skipped}`;
}
