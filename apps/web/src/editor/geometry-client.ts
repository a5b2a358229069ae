import type { Point2 } from '@edrf/model';
import { configureClipper } from '@edrf/geometry';
import clipperWasmUrl from 'clipper2-wasm/dist/es/clipper2z.wasm?url';
import type { ValidityAnswer, ValidityRequest } from './geometry-protocol';

// Clipper2 (overlap areas on this thread) fetches its WebAssembly from where the bundle put it.
configureClipper({ wasmUrl: clipperWasmUrl });

/**
 * The plan's geometry questions, answered by @edrf/geometry in a Web Worker (geometry.worker.ts)
 * so that the page never waits on them; outlines go in batches of 250 (P§9). Where no worker
 * can run (tests, a failed start) the same package answers on this thread, loaded on demand.
 */
export const POLYGON_BATCH = 250;

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, (valid: boolean[]) => void>();

function geometryWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./geometry.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    console.error('The geometry worker did not start', error);
    worker = null;
  }
  if (worker) {
    worker.onmessage = (event: MessageEvent<ValidityAnswer>) => {
      pending.get(event.data.id)?.(event.data.valid);
      pending.delete(event.data.id);
    };
    worker.onerror = (event) => {
      // P§8: a failure of the WebAssembly side is only logged; what was asked is answered here instead.
      console.error('The geometry worker failed', event.message);
      worker?.terminate();
      worker = null;
      const waiting = [...pending.values()];
      pending.clear();
      waiting.forEach((resolve) => resolve([]));
    };
  }
  return worker;
}

async function validOnThisThread(rings: readonly Point2[][]): Promise<boolean[]> {
  const { isValidRoomShape } = await import('@edrf/geometry');
  return rings.map((exterior) => isValidRoomShape({ exterior, interiors: [] }));
}

async function validBatch(rings: Point2[][]): Promise<boolean[]> {
  const target = geometryWorker();
  if (!target) return validOnThisThread(rings);
  const id = nextId++;
  const answer = await new Promise<boolean[]>((resolve) => {
    pending.set(id, resolve);
    target.postMessage({ id, op: 'validity', rings } satisfies ValidityRequest);
  });
  // An empty answer: the worker died on the way.
  return answer.length === rings.length ? answer : validOnThisThread(rings);
}

/** Whether each outline is a valid room shape (P§5: more than 2 points, area ≥ 0.1 m², a valid polygon). */
export async function validRoomShapes(rings: readonly (readonly Point2[])[]): Promise<boolean[]> {
  const copies = rings.map((ring) => ring.map((p) => [p[0], p[1]] as Point2));
  const batches: Point2[][][] = [];
  for (let i = 0; i < copies.length; i += POLYGON_BATCH) batches.push(copies.slice(i, i + POLYGON_BATCH));
  return (await Promise.all(batches.map(validBatch))).flat();
}

export async function checkRoomShape(ring: readonly Point2[]): Promise<boolean> {
  const [valid] = await validRoomShapes([ring]);
  return valid === true;
}

/** Overlaps smaller than this (m²) are a shared edge drawn slightly off, not a room over a room. */
export const ROOM_OVERLAP_M2 = 0.01;

/** The ids of the rooms a new outline covers part of (more than ROOM_OVERLAP_M2), as Clean's overlap option would find them. */
export async function roomsOverlapped(
  outline: readonly Point2[],
  rooms: readonly { id: string; shape: { exterior: Point2[]; interiors: Point2[][] } }[],
): Promise<string[]> {
  const { boundingBox, boxesTouch, loadPolygonOps, polygonArea } = await import('@edrf/geometry');
  const box = boundingBox(outline);
  if (!box) return [];
  const near = rooms.filter((room) => {
    const other = boundingBox(room.shape.exterior);
    return other !== undefined && boxesTouch(box, other, 0);
  });
  if (near.length === 0) return [];
  const ops = await loadPolygonOps();
  const drawn = { exterior: outline.map((p) => [p[0], p[1]] as Point2), interiors: [] };
  return near
    .filter((room) => ops.intersection([drawn], [room.shape]).reduce((sum, piece) => sum + polygonArea(piece), 0) > ROOM_OVERLAP_M2)
    .map((room) => room.id);
}
