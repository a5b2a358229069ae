import { REGULATIONS, fireSchema, type Fire } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';
import { describe, expect, it } from 'vitest';
import { checkSymbolSet, SYMBOL_KEYS, symbolSet } from './library.js';
import { unitSymbol } from './unit-symbol.js';

describe.each(REGULATIONS)('the %s symbol set', (regulation) => {
  const set = symbolSet(regulation);

  it('has every symbol, each drawn differently and named differently in the legend', () => {
    expect(Object.keys(set.symbols).sort()).toEqual([...SYMBOL_KEYS].sort());
    const glyphs = SYMBOL_KEYS.map((key) => JSON.stringify(set.symbols[key].shapes));
    expect(new Set(glyphs).size).toBe(SYMBOL_KEYS.length);
    const names = SYMBOL_KEYS.map((key) => set.symbols[key].name);
    expect(new Set(names).size).toBe(SYMBOL_KEYS.length);
  });

  it('keeps every shape within its box, so symbols a size apart never touch', () => {
    for (const key of SYMBOL_KEYS)
      for (const shape of set.symbols[key].shapes) {
        const points =
          'circle' in shape
            ? [[shape.circle[0] + shape.circle[2], shape.circle[1] + shape.circle[2]]]
            : 'poly' in shape
              ? shape.poly
              : [shape.at];
        for (const [x, y] of points) expect(Math.max(Math.abs(x!), Math.abs(y!)), key).toBeLessThanOrEqual(1.6);
      }
  });
});

describe('a symbol set file', () => {
  it('is refused, naming what it lacks', () => {
    expect(() => checkSymbolSet({ set: 'x', size_mm: 5, symbols: {} }, 'x.json')).toThrow('Symbol set x.json lacks smoke');
    const bad = {
      ...symbolSet('Bs5839'),
      symbols: { ...symbolSet('Bs5839').symbols, heat: { name: 'Heat', shapes: [{ poly: [[0, 0]] }] } },
    };
    expect(() => checkSymbolSet(bad, 'y.json')).toThrow('Symbol heat of y.json has a malformed shape');
  });
});

describe('the symbol of a unit', () => {
  const config = createFireConfig('Bs5839');
  const smoke = config.products.detectors.find((p) => p.type === 'Smoke')!;
  const heat = config.products.detectors.find((p) => p.type === 'Heat')!;
  const fire: Fire = fireSchema.parse({
    config,
    units: {
      detectors: {
        a: { id: 'a', storey_id: 's', coord: [0, 0, 0], product_id: smoke.id },
        b: { id: 'b', storey_id: 's', coord: [0, 0, 0], product_id: heat.id },
      },
      racks: { r: { id: 'r', storey_id: 's', coord: [0, 0, 0], physical: false } },
      others: { o: { id: 'o', storey_id: 's', coord: [0, 0, 0], unit_type: 'endoflineresistor' } },
    },
  });

  it('follows the product type, the rack kind and the other unit type', () => {
    expect(unitSymbol(fire, 'detectors', 'a')).toBe('smoke');
    expect(unitSymbol(fire, 'detectors', 'b')).toBe('heat');
    expect(unitSymbol(fire, 'racks', 'r')).toBe('equipment');
    expect(unitSymbol(fire, 'others', 'o')).toBe('endofline');
  });
});
