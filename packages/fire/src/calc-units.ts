import type { Arch, Fire } from '@edrf/model';
import { fireUnitsResultSchema, type FireUnitsResult } from './analysis.js';
import { indexBuilding, warning } from './building.js';
import { MESSAGES } from './messages.js';
import { REGULATION_RULES } from './regulations.js';
import type { PlacementContext, RoomStats } from './units/context.js';
import { placeButtons } from './units/buttons.js';
import { placeDetectors } from './units/detectors.js';
import { UnitIds } from './units/ids.js';
import { placeSirens } from './units/sirens.js';

export interface CalcFireUnitsInput {
  arch: Arch;
  fire: Fire;
  /** Place nothing: the answer's units are the model's, with their warnings and coverage (the units page's analysis). */
  analyze_only?: boolean;
}

/**
 * calc_fire_units: detectors, sirens and manual call points for the whole building under the
 * fire config's regulation and settings. Units already in the model are kept and counted; only
 * what is missing is added. Bad rooms and units are skipped with a warning each.
 */
export function calcFireUnits(input: CalcFireUnitsInput): FireUnitsResult {
  return calcFireUnitsWithStats(input).result;
}

/** calc_fire_units with the detection figures of every room (detectors placed, lower bound), for the benchmark. */
export function calcFireUnitsWithStats(
  input: CalcFireUnitsInput,
  opts: { withBounds?: boolean } = {},
): { result: FireUnitsResult; stats: RoomStats[] } {
  const { arch, fire } = input;
  const building = indexBuilding(arch);
  const ctx: PlacementContext = {
    fire,
    doors: arch.doors,
    rules: REGULATION_RULES[fire.config.regulation],
    ids: new UnitIds(fire),
    detectors: structuredClone(fire.units.detectors),
    sirens: structuredClone(fire.units.sirens),
    buttons: structuredClone(fire.units.buttons),
    warnings: [...building.warnings],
    detectorShapes: {},
    sirenShapes: {},
    stats: [],
    withBounds: opts.withBounds ?? false,
    analyzeOnly: input.analyze_only ?? false,
  };
  checkUnitStoreys(ctx, arch);
  placeDetectors(ctx, building.storeys);
  placeSirens(ctx, building.storeys);
  placeButtons(ctx, building.storeys);
  const result = fireUnitsResultSchema.parse({
    units: { detectors: ctx.detectors, sirens: ctx.sirens, buttons: ctx.buttons },
    validation: { warnings: ctx.warnings, detector_shapes: ctx.detectorShapes, siren_shapes: ctx.sirenShapes, split_sections: [] },
    // The units page shows each room's detectors beside the least it could have.
    ...(ctx.analyzeOnly ? { rooms: ctx.stats } : {}),
  });
  return { result, stats: ctx.stats };
}

function checkUnitStoreys(ctx: PlacementContext, arch: Arch): void {
  const groups: [string, { id: string; storey_id: string; coord: number[] }[]][] = [
    ['Detector', Object.values(ctx.detectors)],
    ['Siren', Object.values(ctx.sirens)],
    ['Button', Object.values(ctx.buttons)],
  ];
  for (const [kind, units] of groups) {
    for (const unit of units) {
      if (!unit.coord.every(Number.isFinite)) ctx.warnings.push(warning('bad_coordinate', unit.id, MESSAGES.badCoordinate(kind), unit.id));
      if (!arch.storeys[unit.storey_id])
        ctx.warnings.push(warning('unknown_storey', unit.id, MESSAGES.unitUnknownStorey(kind, unit.storey_id), unit.id));
    }
  }
}
