import { describe, expect, it } from 'vitest';
import { storeyPlans } from './plan-model.js';
import { planModel } from './test-model.js';
import { entrance, mainCentral, wayThroughDoors } from './way.js';

describe('the way from the entrance to the central (orientation drawings)', () => {
  const model = planModel('Sbf1108');
  const [p1] = storeyPlans(model);

  it('finds the main central and the exterior door nearest it', () => {
    expect(mainCentral(model)).toEqual({ storeyId: 'P1', at: [1, 6.5] });
    // The one exterior door: jambs (0, 3) and (0, 4).
    expect(entrance(model, p1!, [1, 6.5])).toEqual([0, 3.5]);
  });

  it('goes room to room through the doors', () => {
    // From the exterior door into the hall, through door-1 (6, 1.5) into the corridor, door-3 (15.5, 3) into Kontor 2.
    expect(wayThroughDoors(p1!, [0, 3.5], [16, 5])).toEqual([
      [0, 3.5],
      [6, 1.5],
      [15.5, 3],
      [16, 5],
    ]);
  });

  it('without a door marked exterior takes a door with a room on one side only', () => {
    const unmarked = planModel('Sbf1108');
    unmarked.arch.doors['door-out']!.exterior = false;
    const [plan] = storeyPlans(unmarked);
    expect(entrance(unmarked, plan!, [1, 6.5])).toEqual([0, 3.5]);
  });
});
