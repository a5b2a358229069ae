// What every part of the export writes with: the writer, the design's owner history, placements and bodies, and the
// file's storey (with its frame) for each of the model's storeys.
import type { Bodies } from './bodies.js';
import type { Frame, Placements } from './placements.js';
import type { TargetStorey } from './target.js';
import type { IfcWriter, Ref } from './writer.js';

export interface StoreyPlace {
  target: TargetStorey;
  frame: Frame;
}

export interface Scene {
  w: IfcWriter;
  owner: Ref;
  at: Placements;
  bodies: Bodies;
  /** By the model's storey id. */
  storeys: ReadonlyMap<string, StoreyPlace>;
}

/** An element written for the design: what it stands for, its line and the file's storey that contains it. */
export interface Written {
  /** The model's id (a unit, a tray) or the route id and slice ('loop-1/0'). */
  id: string;
  ref: Ref;
  storey: TargetStorey;
}
