import { describe, expect, it } from 'vitest';
import * as enums from './enums.js';

describe('enumerations', () => {
  it('have distinct values', () => {
    for (const [name, value] of Object.entries(enums)) {
      if (!Array.isArray(value)) continue;
      expect(new Set(value).size, name).toBe(value.length);
    }
  });

  it('are the spec’s', () => {
    expect(enums.REGULATIONS).toEqual(['Sbf1108', 'Bs5839', 'Nfpa72']);
    expect(enums.REGULATION_LABELS[enums.DEFAULT_REGULATION]).toBe('SBF 110:8');
    expect(enums.ROOM_TYPES).toHaveLength(11);
    expect(enums.DOOR_OP_TYPES).toEqual(['Other', 'SwingLeft', 'SwingRight', 'DoubleSwing']);
    expect(enums.EXTENSION_PORT_KINDS).toHaveLength(7);
    expect(enums.OTHER_UNIT_TYPES).toHaveLength(9);
    expect(enums.CONNECTION_KINDS).toEqual(['Unknown', ...enums.ROUTE_KINDS]);
    expect(enums.SBF_EVAC_TYPES.map((t) => enums.SBF_EVAC_LABELS[t])).toEqual(['Entire Building', 'Partial', 'Not Installed']);
  });
});
