import { describe, expect, it } from 'vitest';
import { NO_FILE_SELECTED } from '../../../edrf-file';
import { createFireConfigForTest } from '../../test-fire';
import { INVALID_HARDWARE_FILE, hardwareExport, parseHardwareFile, readHardwareFile } from './hardware-file';
import { clampNumber } from '../../../model/NumberField';
import { CROSS_SECTION, CURRENT, RACK_SIZE, RESISTANCE, VOLTAGE } from './number-rules';

describe('the hardware exchange file', () => {
  it("must have hardware with a detectors list; anything else is 'Invalid hardware .json'", () => {
    const invalid = { ok: false, error: INVALID_HARDWARE_FILE };
    expect(INVALID_HARDWARE_FILE).toBe('Invalid hardware .json');
    expect(parseHardwareFile('')).toEqual(invalid);
    expect(parseHardwareFile('[]')).toEqual(invalid);
    expect(parseHardwareFile('{"edrf_schema": 2}')).toEqual(invalid);
    expect(parseHardwareFile('{"hardware": {"cables": []}}')).toEqual(invalid);
    expect(parseHardwareFile('{"hardware": {"detectors": {}}}')).toEqual(invalid);
    expect(parseHardwareFile('{"hardware": {"detectors": [], "cables": [{"id": "c", "num": 0}]}}')).toEqual(invalid);
    expect(parseHardwareFile('{"edrf_schema": 0, "hardware": {"detectors": []}}')).toEqual(invalid);
  });

  it('with detectors, the other lists may be missing (empty) and product defaults are filled in', () => {
    const read = parseHardwareFile('{"hardware": {"detectors": [{"id": "d", "name": "D"}]}}');
    expect(read.ok && read.products.detectors).toEqual([
      {
        id: 'd',
        name: 'D',
        type: 'Smoke',
        socket: '',
        electrical: { min_voltage: 0, max_voltage: 0, min_milliamperes: 0, max_milliamperes: 0 },
      },
    ]);
    expect(read.ok && read.products.centrals).toEqual([]);
  });

  it("a central without issue 26's loop limits reads with them unset; set ones read back as written", () => {
    const read = parseHardwareFile('{"hardware": {"detectors": [], "centrals": [{"id": "c", "name": "C"}]}}');
    expect(read.ok && read.products.centrals[0]).toMatchObject({
      max_loop_milliamperes: null,
      max_loop_ohms: null,
      max_loop_metres: null,
      isolator_ohms: null,
      isolators_count_as_units: false,
    });
    const set = {
      max_loop_milliamperes: 400,
      max_loop_ohms: 40,
      max_loop_metres: null,
      isolator_ohms: 0.2,
      isolators_count_as_units: true,
    };
    const again = parseHardwareFile(JSON.stringify({ hardware: { detectors: [], centrals: [{ id: 'c', name: 'C', ...set }] } }));
    expect(again.ok && again.products.centrals[0]).toMatchObject(set);
    expect(parseHardwareFile(JSON.stringify({ hardware: { detectors: [], centrals: [{ id: 'c', max_loop_ohms: -1 }] } }))).toEqual({
      ok: false,
      error: INVALID_HARDWARE_FILE,
    });
  });

  it('reads a chosen file; none chosen is "No file selected"', async () => {
    expect(await readHardwareFile(undefined)).toEqual({ ok: false, error: NO_FILE_SELECTED });
    const read = await readHardwareFile(new File(['{"hardware": {"detectors": []}}'], 'h.json'));
    expect(read.ok).toBe(true);
  });

  it('export writes edrf_schema and hardware, named after the model and the time, and reads back unchanged', async () => {
    const products = createFireConfigForTest('Nfpa72').config.products;
    const at = new Date(2026, 10, 22, 8, 30);
    const { fileName, blob } = hardwareExport(products, 2, 'Harbour Hall', at);
    expect(fileName).toBe('harbour-hall-hardware-2026-11-22-0830.json');
    expect(hardwareExport(products, 2, '  ', at).fileName).toBe('hardware-2026-11-22-0830.json');
    const text = await blob.text();
    expect(JSON.parse(text)).toEqual({ edrf_schema: 2, hardware: products });
    expect(parseHardwareFile(text)).toEqual({ ok: true, products });
  });
});

describe("F§5's number rules through NumberField's clamp", () => {
  it('rounds to the rule’s decimals after clamping', () => {
    expect(clampNumber(1.234, CROSS_SECTION)).toBe(1.23);
    expect(clampNumber(1.005, CROSS_SECTION)).toBe(1.01);
    expect(clampNumber(-0.5, CROSS_SECTION)).toBe(0);
    expect(clampNumber(12.3456, RESISTANCE)).toBe(12.346);
    expect(clampNumber(0.0004, RESISTANCE)).toBe(0);
    expect(clampNumber(23.45, VOLTAGE)).toBe(23.5);
    expect(clampNumber(1e-7, CURRENT)).toBe(0);
    expect(clampNumber(2.0005, CURRENT)).toBe(2.001);
    expect(clampNumber(0.4, RACK_SIZE)).toBe(1);
    expect(clampNumber(12.5, RACK_SIZE)).toBe(13);
    // Without decimals a value is kept as typed (the existing callers).
    expect(clampNumber(1.23456, { min: 0 })).toBe(1.23456);
    expect(Object.is(clampNumber(-0.0001, { max: 5, decimals: 2 }), 0)).toBe(true);
  });
});
