import type { Button, Detector, Door, Fire, Polygon, Siren } from '@edrf/model';
import type { AnalysisWarning, RoomDetection } from '../analysis.js';
import type { Placements } from '../placement/room.js';
import type { RegulationRules } from '../regulations.js';
import type { DoorInfo } from './doors.js';
import type { UnitIds } from './ids.js';

/** Detection figures of one room, for the quality benchmark and the units page. */
export type RoomStats = RoomDetection;

/** What the placement steps share and fill in. */
export interface PlacementContext {
  fire: Fire;
  doors: Record<string, Door>;
  rules: RegulationRules;
  ids: UnitIds;
  detectors: Record<string, Detector>;
  sirens: Record<string, Siren>;
  buttons: Record<string, Button>;
  warnings: AnalysisWarning[];
  detectorShapes: Record<string, Polygon[]>;
  sirenShapes: Record<string, Polygon[]>;
  stats: RoomStats[];
  /** Compute the lower bounds (the benchmark needs them; the answer does not). */
  withBounds: boolean;
  /**
   * Place nothing (analyze_only): the checks and the coverage of the units already in the model. A room that would
   * need more units gets the warning of a room the placement could not cover.
   */
  analyzeOnly?: boolean;
  /** Place only in these rooms (a revision's changed rooms, issue 40); absent: every room. */
  rooms?: ReadonlySet<string>;
  /** With `rooms`: call points also at these doors when they are exits, whatever rooms they join (a revision's new exits). */
  exits?: ReadonlySet<string>;
  /** Rooms placed by other threads (placement/shares.ts), taken instead of placed again; recorded when placing a share. */
  placements?: Placements;
}

/** Whether the run places in a room: every room, unless it is limited to some (`rooms`). */
export const placesIn = (ctx: Pick<PlacementContext, 'rooms'>, roomId: string): boolean => !ctx.rooms || ctx.rooms.has(roomId);

/** Whether the run places a call point at an exit door: one of its rooms is placed in, or the door is one of `exits`. */
export const placesAt = (ctx: Pick<PlacementContext, 'rooms' | 'exits'>, door: DoorInfo): boolean =>
  door.sides.some((room) => room !== undefined && placesIn(ctx, room.room.id)) || (ctx.exits?.has(door.door.id) ?? false);

/** More units than this in one room means settings far too small (say 0.01 m²): the room is left unplaced with a warning. */
export const MAX_UNITS_PER_ROOM = 20_000;

/** The least number of units a room of this area needs under a radius and an area per unit. */
export const unitEstimate = (area: number, radius: number, maxArea: number) => area / Math.min(maxArea, 2.598 * radius * radius);
