import { describe, expect, it } from 'vitest';
import { costModel, FIRE_PRICE, roomsSize } from './cost.js';
import { rect } from './test-support/arch.js';

describe('cost_model', () => {
  it('charges the minimum for a small design', () => {
    expect(costModel({ num_rooms: 2, area_sqm: 50 }, 'fire')).toBe(FIRE_PRICE.minimum);
  });

  it('grows with area and rooms, less per m² for larger buildings, in whole euros', () => {
    const small = costModel({ num_rooms: 100, area_sqm: 5_000 }, 'fire');
    const large = costModel({ num_rooms: 100, area_sqm: 50_000 }, 'fire');
    expect(large).toBeGreaterThan(small);
    expect(large / 50_000).toBeLessThan(small / 5_000);
    expect(costModel({ num_rooms: 101, area_sqm: 5_000 }, 'fire')).toBeGreaterThanOrEqual(small);
    // 1,000 m² at 0.30 plus 4,000 m² at 0.12, plus 100 rooms at 0.50.
    expect(small).toBe(Math.round(1000 * 0.3 + 4000 * 0.12 + 100 * 0.5));
    expect(Number.isInteger(large)).toBe(true);
  });

  it('measures rooms by their floor area without holes', () => {
    const size = roomsSize([
      { shape: { exterior: rect(0, 0, 10, 10), interiors: [rect(2, 2, 2, 2)] } },
      { shape: { exterior: rect(0, 0, 5, 4), interiors: [] } },
    ]);
    expect(size).toEqual({ num_rooms: 2, area_sqm: 116 });
  });
});
