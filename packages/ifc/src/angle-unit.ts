/**
 * Whether a file gives its plane angles in degrees, from its STEP text: the IfcUnitAssignment's plane angle unit is an
 * IfcConversionBasedUnit of π/180 radian. The IFC's default, where no plane angle unit is assigned, is the radian.
 */
import { keywords, type StepIndex } from './step-index.js';

const ASSIGNMENT = Buffer.from('IFCUNITASSIGNMENT', 'latin1');
const CONVERSION = keywords('IFCCONVERSIONBASEDUNIT');
const MEASURE = keywords('IFCMEASUREWITHUNIT');
const SI_UNIT = keywords('IFCSIUNIT');

/** How far from π/180 a degree's factor may be (relative): files write it with 4 to 16 digits (testhouse: 0.01745). */
const DEGREE_TOLERANCE = 1e-3;

export function anglesInDegrees(index: StepIndex): boolean {
  for (const assignment of index.idsWithKeyword(ASSIGNMENT)) {
    for (const unit of index.refs(index.open(assignment, [ASSIGNMENT]))) {
      const open = index.open(unit, CONVERSION);
      if (open < 0) continue;
      const [, kind, , factor] = index.attributes(open);
      if (kind !== '.PLANEANGLEUNIT.') continue;
      const measure = typeof factor === 'number' ? index.open(factor, MEASURE) : -1;
      if (measure < 0) return false;
      const [value, base] = index.attributes(measure);
      const radians = Number(/\(\s*([^)\s]+)\s*\)/.exec(String(value))?.[1]);
      const si = typeof base === 'number' ? index.open(base, SI_UNIT) : -1;
      const [, , prefix, name] = si < 0 ? [] : index.attributes(si);
      return name === '.RADIAN.' && prefix === '$' && Math.abs((radians * 180) / Math.PI - 1) < DEGREE_TOLERANCE;
    }
  }
  return false;
}
