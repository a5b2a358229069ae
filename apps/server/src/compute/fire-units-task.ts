// calc_fire_units in the compute pool, its rooms spread over the pool's workers (docs/compute.md, "Fire units").
// The worker that runs the task asks the idle ones for help; every worker takes shares of the rooms from a counter in
// shared memory, so a helper that starts late or never takes fewer; the placements come back through a port, and the
// task then assembles the answer as the single-thread run does, taking each room's placement from them. Called on a
// request's body (fire-calls.ts), the worker asks for help as soon as the body is parsed, with the rooms part of the
// body as sent, which each helper checks and places while the worker checks the whole body (askEarlyHelp).
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { z } from 'zod';
import { archSchema, fireSchema } from '@edrf/model';
import {
  calcFireUnits,
  indexRooms,
  placeRoomShare,
  roomCount,
  roomsPart,
  type CalcFireUnitsInput,
  type FireUnitsResult,
  type PlacementTable,
  type RoomPlacement,
  type RoomsInput,
} from '@edrf/fire';
import type { AskHelp, Progress } from './protocol.js';
import { computeWorkers } from './worker-count.js';

/** POST /api/v1/calc_fire_units's body (F§7). */
export const calcUnitsBody = z.object({
  arch: archSchema,
  fire: fireSchema,
  /** Place nothing: the checks and coverage of the model's units (the units page's analysis). */
  analyze_only: z.boolean().optional(),
});

/** Below this many rooms a building is placed by one worker: asking for help costs more than it saves. */
export const SHARED_FROM_ROOMS = 200;
/** Shares per worker: enough that a worker that is slower, or starts later, is not waited for long. */
const SHARES_PER_WORKER = 16;
/** A helper silent this long with shares taken is given up on; the assembling run places those rooms itself. */
const QUIET_MS = 10_000;
/** Int32 slots of the shared state: the next share to take, and a count bumped with each message a helper sends. */
const NEXT = 0;
const NEWS = 1;

interface Shared {
  state: SharedArrayBuffer;
  shares: number;
  port: MessagePort;
}

/**
 * A helper's input: the rooms part of the input (roomsPart) as JSON, shared, not copied, and the rooms the asking
 * worker counted in it; without `rooms`, the part of a request body as sent (askEarlyHelp), which the helper checks
 * and counts itself.
 */
export interface FireUnitsShareInput extends Shared {
  part: SharedArrayBuffer;
  rooms?: number;
}

/** The one help calc_fire_units asks for: a helper placing shares of the rooms (fireUnitsShareTask). */
export type AskShareHelp = AskHelp<'calc_fire_units_share', FireUnitsShareInput>;

/** The helpers a run asked for: the shared state they take shares from, and the ports their placements come through. */
export interface Helpers {
  state: Int32Array;
  shares: number;
  ports: MessagePort[];
  /** Leaves the helpers no share: they stop after the one they place, if any, and their placements are not read. */
  dismiss(): void;
}

interface ShareDone {
  share: number;
  placements: [string, RoomPlacement][];
}

const shareRange = (share: number, shares: number, rooms: number) =>
  [Math.floor((share * rooms) / shares), Math.floor(((share + 1) * rooms) / shares)] as const;

function askHelpers(helpers: number, askHelp: AskShareHelp, input: (shared: Shared) => FireUnitsShareInput): Helpers {
  const shares = (helpers + 1) * SHARES_PER_WORKER;
  const state = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  const ports: MessagePort[] = [];
  for (let i = 0; i < helpers; i++) {
    const channel = new MessageChannel();
    ports.push(channel.port1);
    askHelp('calc_fire_units_share', input({ state: state.buffer, shares, port: channel.port2 }), [channel.port2]);
  }
  return {
    state,
    shares,
    ports,
    dismiss: () => {
      Atomics.store(state, NEXT, shares);
      for (const port of ports) port.close();
    },
  };
}

/**
 * Asks the idle workers for help as soon as a request's body is parsed, before it is checked: checking the whole body
 * takes seconds (3–4 s of CPU for the 78 MB of the 185,000 m² real-geometry building), which the helpers spend placing
 * rooms. They get the rooms part of the body as sent (roomsPart: outlines, air inlets, the fire model; 3 MB of those 78)
 * and check it themselves. The run then takes their placements (calcFireUnitsTask's `early`); a body refused, or a
 * building too small to share, dismisses them. Undefined (no help asked) when the body is not such a body: the check
 * will tell why.
 */
export function askEarlyHelp(body: unknown, askHelp: AskShareHelp): Helpers | undefined {
  const helpers = computeWorkers() - 1;
  if (helpers < 1) return undefined;
  let part: SharedArrayBuffer;
  try {
    const sent = body as RoomsInput;
    if (Object.keys(sent.arch.rooms).length < SHARED_FROM_ROOMS) return undefined;
    part = toShared(JSON.stringify(roomsPart(sent)));
  } catch {
    return undefined;
  }
  return askHelpers(helpers, askHelp, (shared) => ({ ...shared, part }));
}

/**
 * The calc_fire_units task. Progress: ('placing', share of the rooms placed). `early`: the helpers asked before the
 * input was checked (askEarlyHelp); without them, the run asks for its own once it knows the building is large enough.
 */
export async function calcFireUnitsTask(
  input: CalcFireUnitsInput,
  progress: Progress,
  askHelp: AskShareHelp,
  early?: Helpers,
): Promise<FireUnitsResult> {
  const helpers = computeWorkers() - 1;
  const storeys = indexRooms(input);
  const rooms = roomCount(storeys);
  if (helpers < 1 || rooms < SHARED_FROM_ROOMS) {
    early?.dismiss();
    const result = calcFireUnits(input);
    progress('placing', 1);
    return Promise.resolve(result);
  }
  let team = early;
  if (!team) {
    const part = toShared(JSON.stringify(roomsPart(input)));
    team = askHelpers(helpers, askHelp, (shared) => ({ ...shared, part, rooms }));
  }
  const { state, shares, ports } = team;
  const table: PlacementTable = new Map();
  let done = 0;
  const took = (message: ShareDone) => {
    for (const [key, placement] of message.placements) table.set(key, placement);
    progress('placing', ++done / shares);
  };
  const drain = () => {
    for (const port of ports) for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) took(m.message as ShareDone);
  };
  try {
    for (let share = Atomics.add(state, NEXT, 1); share < shares; share = Atomics.add(state, NEXT, 1)) {
      const [from, to] = shareRange(share, shares, rooms);
      took({ share, placements: placeRoomShare(input, storeys, from, to) });
      drain();
    }
    // The helpers' last shares: wait while they send; one that falls silent is not waited for.
    for (;;) {
      const news = Atomics.load(state, NEWS);
      drain();
      if (done >= shares) break;
      if (Atomics.wait(state, NEWS, news, QUIET_MS) === 'timed-out') break;
    }
  } finally {
    for (const port of ports) port.close();
  }
  return calcFireUnits(input, { placements: table });
}

/**
 * A helper's rooms part: parsed, and checked (calcUnitsBody) when it is a request body's as sent; undefined when that
 * check fails (the asking worker refuses the body).
 */
export function readPart(part: SharedArrayBuffer, checked: boolean): RoomsInput | undefined {
  const value: unknown = JSON.parse(new TextDecoder().decode(new Uint8Array(part)));
  if (checked) return value as RoomsInput;
  const result = calcUnitsBody.safeParse(value);
  return result.success ? result.data : undefined;
}

/**
 * A helper of calc_fire_units: takes shares of the rooms until none is left, sending each share's placements back.
 * Asked early (askEarlyHelp), it checks its part of the body first, while the asking worker checks the whole.
 */
export function fireUnitsShareTask(input: FireUnitsShareInput): Promise<null> {
  const state = new Int32Array(input.state);
  try {
    const part = readPart(input.part, input.rooms !== undefined);
    if (!part) return Promise.resolve(null);
    const storeys = indexRooms(part);
    // The rooms of the body as sent, counted here: the same building as the asking worker's, once it is checked.
    const rooms = input.rooms ?? roomCount(storeys);
    for (let share = Atomics.add(state, NEXT, 1); share < input.shares; share = Atomics.add(state, NEXT, 1)) {
      const [from, to] = shareRange(share, input.shares, rooms);
      input.port.postMessage({ share, placements: placeRoomShare(part, storeys, from, to) } satisfies ShareDone);
      Atomics.add(state, NEWS, 1);
      Atomics.notify(state, NEWS);
    }
  } finally {
    input.port.close();
  }
  return Promise.resolve(null);
}

function toShared(text: string): SharedArrayBuffer {
  const bytes = new TextEncoder().encode(text);
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}
