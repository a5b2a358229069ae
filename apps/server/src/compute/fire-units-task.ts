// calc_fire_units in the compute pool, its rooms spread over the pool's workers (docs/compute.md, "Fire units").
// The worker that runs the task asks the idle ones for help; every worker takes shares of the rooms from a counter in
// shared memory, so a helper that starts late or never takes fewer; the placements come back through a port, and the
// task then assembles the answer as the single-thread run does, taking each room's placement from them.
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import {
  calcFireUnits,
  indexRooms,
  placeRoomShare,
  roomCount,
  roomsPart,
  withPlacements,
  type CalcFireUnitsInput,
  type FireUnitsResult,
  type PlacementTable,
  type RoomPlacement,
  type RoomsInput,
} from '@edrf/fire';
import { computeWorkers } from './pool.js';
import type { AskHelp, Progress } from './protocol.js';

/** Below this many rooms a building is placed by one worker: asking for help costs more than it saves. */
export const SHARED_FROM_ROOMS = 200;
/** Shares per worker: enough that a worker that is slower, or starts later, is not waited for long. */
const SHARES_PER_WORKER = 16;
/** A helper silent this long with shares taken is given up on; the assembling run places those rooms itself. */
const QUIET_MS = 10_000;
/** Int32 slots of the shared state: the next share to take, and a count bumped with each message a helper sends. */
const NEXT = 0;
const NEWS = 1;

export interface FireUnitsShareInput {
  /** The rooms part of the input (roomsPart) as JSON, shared, not copied. */
  part: SharedArrayBuffer;
  state: SharedArrayBuffer;
  shares: number;
  rooms: number;
  port: MessagePort;
}

interface ShareDone {
  share: number;
  placements: [string, RoomPlacement][];
}

const shareRange = (share: number, shares: number, rooms: number) =>
  [Math.floor((share * rooms) / shares), Math.floor(((share + 1) * rooms) / shares)] as const;

/** The calc_fire_units task. Progress: ('placing', share of the rooms placed). */
export async function calcFireUnitsTask(input: CalcFireUnitsInput, progress: Progress, askHelp: AskHelp): Promise<FireUnitsResult> {
  const helpers = computeWorkers() - 1;
  const storeys = indexRooms(input);
  const rooms = roomCount(storeys);
  if (helpers < 1 || rooms < SHARED_FROM_ROOMS) {
    const result = calcFireUnits(input);
    progress('placing', 1);
    return Promise.resolve(result);
  }
  const shares = (helpers + 1) * SHARES_PER_WORKER;
  const part = toShared(JSON.stringify(roomsPart(input)));
  const state = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  const ports: MessagePort[] = [];
  for (let i = 0; i < helpers; i++) {
    const channel = new MessageChannel();
    ports.push(channel.port1);
    askHelp('calc_fire_units_share', { part, state: state.buffer, shares, rooms, port: channel.port2 }, [channel.port2]);
  }
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
  return withPlacements(table, false, () => calcFireUnits(input));
}

/** A helper of calc_fire_units: takes shares of the rooms until none is left, sending each share's placements back. */
export function fireUnitsShareTask(input: FireUnitsShareInput): Promise<null> {
  const state = new Int32Array(input.state);
  try {
    let share = Atomics.add(state, NEXT, 1);
    if (share >= input.shares) return Promise.resolve(null);
    const part = JSON.parse(new TextDecoder().decode(new Uint8Array(input.part))) as RoomsInput;
    const storeys = indexRooms(part);
    for (; share < input.shares; share = Atomics.add(state, NEXT, 1)) {
      const [from, to] = shareRange(share, input.shares, input.rooms);
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
