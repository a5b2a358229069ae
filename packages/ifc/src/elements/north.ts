/**
 * Reader of true north (compass_degrees). Reads IfcGeometricRepresentationContext (ContextType 'Model' first, TrueNorth
 * → IfcDirection.DirectionRatios). Entities come from the STEP reader (ctx.api: step/text-lines.ts, what web-ifc's
 * GetLine would give).
 */
import { IFCGEOMETRICREPRESENTATIONCONTEXT } from 'web-ifc';
import type { ExtractContext } from '../context.js';
import { line } from '../context.js';
import { idsOfType, nums, ref, str } from '../step/line-source.js';

/**
 * Degrees clockwise from the model's +Y axis to true north (0 when the file says nothing), from the TrueNorth
 * direction of the 'Model' representation context (any context with TrueNorth if none is called 'Model').
 */
export function compassDegrees(ctx: ExtractContext): number {
  const contexts = idsOfType(ctx.api, ctx.modelID, IFCGEOMETRICREPRESENTATIONCONTEXT)
    .map((id) => line(ctx, id))
    .filter((l) => l !== undefined);
  contexts.sort((a, b) => Number(str(b.ContextType) === 'Model') - Number(str(a.ContextType) === 'Model'));
  for (const context of contexts) {
    const northId = ref(context.TrueNorth);
    if (northId === undefined) continue;
    const [x = NaN, y = NaN] = nums(line(ctx, northId)?.DirectionRatios);
    if (!Number.isFinite(x) || !Number.isFinite(y) || Math.hypot(x, y) < 1e-12) continue;
    const degrees = (Math.atan2(x, y) * 180) / Math.PI;
    return Math.round((((degrees % 360) + 360) % 360) * 1e6) / 1e6;
  }
  return 0;
}
