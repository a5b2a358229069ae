// calc_fire_units with its rooms spread over the compute pool's workers (compute/fire-units-task.ts): the answer is
// the single-thread answer, unit for unit, id for id; and progress is reported as the shares are placed.
import { afterAll, describe, expect, it } from 'vitest';
import { emptyFire } from '@edrf/model';
import { calcFireUnits, createFireConfig } from '@edrf/fire';
import { ComputePool } from '../../src/compute/pool.js';
import { SHARED_FROM_ROOMS } from '../../src/compute/fire-units-task.js';
import { generatedBuilding } from '@edrf/fire/testing';

const pool = new ComputePool(2);
afterAll(() => pool.close());

describe('calc_fire_units over the pool', () => {
  it('answers what one thread answers, with units already placed kept, and reports its progress', async () => {
    const arch = generatedBuilding(4);
    expect(Object.keys(arch.rooms).length).toBeGreaterThanOrEqual(SHARED_FROM_ROOMS);
    const fire = emptyFire(createFireConfig('Bs5839'));
    // A design run once, then a room's detectors removed: the run again keeps the rest and adds what is missing.
    const first = calcFireUnits({ arch, fire });
    const kept = Object.fromEntries(Object.entries(first.units.detectors).filter(([, d]) => d.coord[0] > 40));
    const input = { arch, fire: { ...fire, units: { ...fire.units, ...first.units, detectors: kept } } };
    const steps: number[] = [];
    const body = { value: input };
    const shared = await pool.run('fire_call', { call: 'calc_fire_units', body }, (_step, progress) => steps.push(progress));
    expect(shared).toEqual(calcFireUnits(input));
    expect(pool.helped).toBeGreaterThanOrEqual(1);
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.at(-1)).toBe(1);
  }, 60_000);
});
