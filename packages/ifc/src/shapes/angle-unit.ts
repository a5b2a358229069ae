/**
 * The plane angle unit a file gives its angles in (an arc's trims: profile-curves.ts), from its STEP text, as web-ifc
 * reads it: the IfcUnitAssignment's plane angle unit, either the SI radian or the conversion-based unit 'DEGREE' of
 * π/180 radian. On the corpus web-ifc read a DEGREE file's trims as degrees and a RADIAN file's (ISSUE_021) as radians,
 * though that file defines a DEGREE too. A file that assigns neither leaves its arcs to web-ifc.
 */
import { keywords, type StepIndex } from '../step/step-index.js';

const ASSIGNMENT = keywords('IFCUNITASSIGNMENT');
const CONVERSION = keywords('IFCCONVERSIONBASEDUNIT');
const MEASURE = keywords('IFCMEASUREWITHUNIT');
const SI_UNIT = keywords('IFCSIUNIT');

/** How far from π/180 a degree's factor may be (relative): files write it with 4 to 16 digits (testhouse: 0.01745). */
const DEGREE_TOLERANCE = 1e-3;

/** Degrees per plane angle unit of the file: 1, or 180/π for radians; undefined when the file assigns neither. */
export function degreesPerAngleUnit(index: StepIndex): number | undefined {
  for (const assignment of index.idsWithKeyword(ASSIGNMENT[0]!)) {
    for (const unit of index.refs(index.open(assignment, ASSIGNMENT))) {
      if (isRadian(index, unit)) return 180 / Math.PI;
      const open = index.open(unit, CONVERSION);
      if (open < 0) continue;
      const [, kind, name, factor] = index.attributes(open);
      if (kind !== '.PLANEANGLEUNIT.') continue;
      const measure = typeof factor === 'number' ? index.open(factor, MEASURE) : -1;
      if (name !== "'DEGREE'" || measure < 0) return undefined;
      const [value, base] = index.attributes(measure);
      const radians = Number(/\(\s*([^)\s]+)\s*\)/.exec(String(value))?.[1]);
      const ofRadians = typeof base === 'number' && isRadian(index, base);
      return ofRadians && Math.abs((radians * 180) / Math.PI - 1) < DEGREE_TOLERANCE ? 1 : undefined;
    }
  }
  return undefined;
}

/** Whether #id is the SI radian (no prefix). */
function isRadian(index: StepIndex, id: number): boolean {
  const open = index.open(id, SI_UNIT);
  if (open < 0) return false;
  const [, unitType, prefix, name] = index.attributes(open);
  return unitType === '.PLANEANGLEUNIT.' && prefix === '$' && name === '.RADIAN.';
}
