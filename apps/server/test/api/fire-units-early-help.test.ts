// calc_fire_units on a request's body (compute/fire-units-task.ts, askEarlyHelp): the helpers are asked as soon as the
// body is parsed, with the rooms part of the body as sent, which they check themselves. What they place is what the run
// asks for, room for room, and the answer is the single-thread answer; a body refused leaves no helper at work.
import { afterAll, describe, expect, it } from 'vitest';
import { emptyFire } from '@edrf/model';
import {
  calcFireUnits,
  createFireConfig,
  indexRooms,
  placeRoomShare,
  roomCount,
  roomsPart,
  type RoomPlacement,
  type RoomsInput,
} from '@edrf/fire';
import { ComputePool } from '../../src/compute/pool.js';
import { TaskRefused } from '../../src/compute/protocol.js';
import { calcUnitsBody, readPart, SHARED_FROM_ROOMS } from '../../src/compute/fire-units-task.js';
import { generatedBuilding } from '@edrf/fire/testing';

const pool = new ComputePool(2);
afterAll(() => pool.close());

const arch = generatedBuilding(4);
const fire = emptyFire(createFireConfig('Sbf1108'));
/** The body as the web app sends it. */
const body = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;
const shared = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  const part = new SharedArrayBuffer(bytes.length);
  new Uint8Array(part).set(bytes);
  return part;
};

describe('calc_fire_units with its helpers asked before the body is checked', () => {
  it('places in a helper, from the rooms part of the body as sent, exactly the rooms the run asks for', () => {
    const sent = JSON.parse(JSON.stringify({ arch, fire })) as RoomsInput;
    const part = readPart(shared(JSON.stringify(roomsPart(sent))), false)!;
    const storeys = indexRooms(part);
    const placed = new Map(placeRoomShare(part, storeys, 0, roomCount(storeys)));
    let asked = 0;
    let missed = 0;
    class Counting extends Map<string, RoomPlacement> {
      override get(key: string) {
        asked += 1;
        const known = super.get(key);
        if (!known) missed += 1;
        return known;
      }
    }
    const input = calcUnitsBody.parse({ arch, fire });
    const answer = calcFireUnits(input, { placements: new Counting(placed) });
    // The run asks for every room that takes detectors (sounders are placed on walls, not from shared placements).
    expect(asked).toBeGreaterThan(0);
    expect(missed).toBe(0);
    expect(answer).toEqual(calcFireUnits(input));
  });

  it('answers what one thread answers, through the pool, with help and progress to the end', async () => {
    expect(Object.keys(arch.rooms).length).toBeGreaterThanOrEqual(SHARED_FROM_ROOMS);
    const bytes = body({ arch, fire });
    const steps: number[] = [];
    const answer = await pool.run('fire_call', { call: 'calc_fire_units', body: { bytes } }, (_step, p) => steps.push(p), {
      transfer: [bytes],
    });
    expect(answer).toEqual(calcFireUnits(calcUnitsBody.parse({ arch, fire })));
    expect(pool.helped).toBeGreaterThanOrEqual(1);
    expect(steps.at(-1)).toBe(1);
  }, 60_000);

  it('refuses a large body its schema refuses, and leaves no helper at work', async () => {
    const bytes = body({ arch: { ...arch, rooms: 5 }, fire });
    const refused = pool.run('fire_call', { call: 'calc_fire_units', body: { bytes } }, undefined, { transfer: [bytes] });
    await expect(refused).rejects.toThrow(TaskRefused);
    await expect(refused).rejects.toThrow(/^arch\.rooms: /);
    await pool.whenIdle();
  }, 60_000);
});
