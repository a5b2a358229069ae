import { describe, expect, it } from 'vitest';
import { RULER_START, formatLength, rulerClick, rulerLength, rulerMove } from './ruler';

describe('the ruler', () => {
  it('measures from the first click, follows the pointer, and fixes at the second click', () => {
    let ruler = rulerClick(RULER_START, [1, 1]);
    ruler = rulerMove(ruler, [4, 5]);
    expect(rulerLength(ruler)).toBe(5);
    ruler = rulerClick(ruler, [1, 4]);
    expect(rulerLength(ruler)).toBe(3);
    expect(rulerMove(ruler, [100, 100])).toBe(ruler);
    expect(formatLength(rulerLength(ruler)!)).toBe('3.00 m');
    // The next click starts a new measurement.
    expect(rulerLength(rulerClick(ruler, [9, 9]))).toBe(0);
    expect(rulerLength(RULER_START)).toBeNull();
  });
});
