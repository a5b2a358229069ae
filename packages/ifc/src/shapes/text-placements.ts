/**
 * Placements read from the STEP text (step-index.ts) rather than through web-ifc, for facets.ts: web-ifc's GetLine
 * takes 10 to 20 µs a line on a large file, and each placed element needs several (its placement's chain, the mapped
 * item's operator and origin, their points and directions). The transforms are made by the same functions as those
 * read through web-ifc (placement.ts).
 */
import { axisFrame, compose, IDENTITY, normalize, operatorFrame, type Affine } from './placement.js';
import { keywords, type StepIndex } from '../step/step-index.js';
const LOCAL_PLACEMENT = keywords('IFCLOCALPLACEMENT');
const AXIS_PLACEMENT = keywords('IFCAXIS2PLACEMENT3D', 'IFCAXIS2PLACEMENT2D');
const OPERATOR = keywords('IFCCARTESIANTRANSFORMATIONOPERATOR3DNONUNIFORM', 'IFCCARTESIANTRANSFORMATIONOPERATOR3D');
const POINT = keywords('IFCCARTESIANPOINT');
const DIRECTION = keywords('IFCDIRECTION');

/** Placement chains longer than this are taken as broken. */
const MAX_CHAIN = 100_000;

const real = (attr: number | string | undefined): number | undefined => {
  if (typeof attr !== 'string' || attr === '$' || attr === '*') return undefined;
  const n = Number(attr);
  return Number.isFinite(n) ? n : undefined;
};

export class TextPlacements {
  private readonly world = new Map<number, Affine>();
  private readonly axes = new Map<number, Affine>();

  constructor(private readonly index: StepIndex) {}

  /**
   * The world transform of an IfcLocalPlacement (file units, Z up); undefined when it is not one or is broken (a chain
   * that comes back on itself). Walked, not recursed: a file may chain 10,000 placements (web-ifc's module ran out of
   * stack on one), each composed once and kept.
   */
  local(id: number): Affine | undefined {
    const known = this.world.get(id);
    if (known) return known;
    // The chain up to a placement known already, or to the one relative to nothing.
    const chain: { id: number; relative: number | string | undefined }[] = [];
    const seen = new Set<number>();
    let parent: Affine = IDENTITY;
    for (let at: number | undefined = id; at !== undefined;) {
      const world = this.world.get(at);
      if (world) {
        parent = world;
        break;
      }
      const open = this.index.open(at, LOCAL_PLACEMENT);
      if (open < 0 || seen.has(at) || chain.length >= MAX_CHAIN) return undefined;
      seen.add(at);
      const [relativeTo, relative] = this.index.attributes(open);
      chain.push({ id: at, relative });
      at = typeof relativeTo === 'number' ? relativeTo : undefined;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const { id: link, relative } = chain[i]!;
      const own = typeof relative === 'number' ? this.axis(relative) : IDENTITY;
      if (!own) return undefined;
      parent = compose(parent, own);
      this.world.set(link, parent);
    }
    return parent;
  }

  /** An IfcAxis2Placement3D or 2D as a transform; undefined when #id is neither. */
  axis(id: number): Affine | undefined {
    const known = this.axes.get(id);
    if (known) return known;
    const open = this.index.open(id, AXIS_PLACEMENT);
    if (open < 0) return undefined;
    const [location, axis, refDirection] = this.index.attributes(open);
    const is3D = this.index.keyword(id) === 'IFCAXIS2PLACEMENT3D';
    const m = axisFrame(this.point(location), is3D ? this.direction(axis) : undefined, this.direction(is3D ? refDirection : axis));
    this.axes.set(id, m);
    return m;
  }

  /** An IfcCartesianTransformationOperator3D (or non-uniform) as a transform; undefined when #id is neither, or degenerate. */
  operator(id: number): Affine | undefined {
    const open = this.index.open(id, OPERATOR);
    if (open < 0) return undefined;
    const [axis1, axis2, origin, scale, axis3, scale2, scale3] = this.index.attributes(open);
    return operatorFrame({
      axis1: this.direction(axis1),
      axis2: this.direction(axis2),
      axis3: this.direction(axis3),
      origin: this.point(origin),
      scale: real(scale),
      scale2: real(scale2),
      scale3: real(scale3),
    });
  }

  private point(attr: number | string | undefined): number[] {
    const open = typeof attr === 'number' ? this.index.open(attr, POINT) : -1;
    return open < 0 ? [] : this.index.numbers(open);
  }

  private direction(attr: number | string | undefined): [number, number, number] | undefined {
    const open = typeof attr === 'number' ? this.index.open(attr, DIRECTION) : -1;
    return open < 0 ? undefined : normalize(this.index.numbers(open));
  }
}
