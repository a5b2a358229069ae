import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ItemRef, Model } from '@edrf/model';
import { routesModel } from '../routes/test-routes';
import { EquipmentPanel } from './EquipmentPanel';

afterEach(cleanup);

// The store makes a new model on every edit (the panel's checks are kept per fire module object): so does the test.
const show = (model: Model, item: ItemRef) =>
  render(
    <EquipmentPanel model={structuredClone(model)} selection={{ kind: 'items', items: [item] }} edit={() => {}} onDelete={() => {}} />,
  );

const figure = (term: string) => {
  const check = screen.getByRole('region', { name: 'Battery check' });
  return within(check).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
};

/** routesModel (rack rk1 with central c1 and loop-1) with a remote annunciator on s0, fed by the nearest supply. */
function withAnnunciator(): Model {
  const model = routesModel();
  const fire = model.fire!;
  const product = fire.config.products.other_units.find((p) => p.unit_type === 'annunciator')!;
  fire.units.others = {
    an1: { id: 'an1', storey_id: 's0', coord: [2, 2.5, 1.5], product_id: product.id, unit_type: 'annunciator', angle: 0, comment: '' },
  };
  return model;
}

describe('the equipment panel’s battery check (issue 34)', () => {
  it('shows what a power supply needs for what it feeds and has, and takes the feed off the central', () => {
    const model = withAnnunciator();
    const fire = model.fire!;
    const annunciator = fire.config.products.other_units.find((p) => p.unit_type === 'annunciator')!.electrical;
    // Before: the central feeds the annunciator.
    show(model, { kind: 'fire.connections.centrals', id: 'c1' });
    expect(figure('Carries')).toBe('2 loop units, 1 fed unit');
    cleanup();
    const psu = fire.config.products.power_supplies[0]!;
    fire.connections.power_supplies = { psu1: { id: 'psu1', product_id: psu.id, rack_id: 'rk1', rack_pos: [3, 60], connections: [] } };
    show(model, { kind: 'fire.connections.power_supplies', id: 'psu1' });
    // SBF 110:8: 24 h of standby and 30 min of alarm, × 1.25 (fire-rules.md), at the annunciator's own currents.
    const needs = 1.25 * ((annunciator.min_milliamperes / 1000) * 24 + (annunciator.max_milliamperes / 1000) * 0.5);
    expect(figure('Carries')).toBe('1 fed unit');
    expect(figure('Battery')).toBe(
      `needs ${needs.toFixed(2)} Ah (24 h standby + 30 min alarm × 1.25), has ${psu.properties.ampere_hours.toFixed(2)} Ah`,
    );
    cleanup();
    show(model, { kind: 'fire.connections.centrals', id: 'c1' });
    expect(figure('Carries')).toBe('2 loop units, 0 fed units');
  });

  it('marks a battery too small and says what to use', () => {
    const model = withAnnunciator();
    const fire = model.fire!;
    fire.config.battery = { standby_hours: 72, alarm_minutes: 30, factor: 1.25 };
    fire.config.products.power_supplies = fire.config.products.power_supplies.map((p) => ({
      ...p,
      properties: { ...p.properties, ampere_hours: 0.5 },
    }));
    const psu = fire.config.products.power_supplies[0]!;
    fire.connections.power_supplies = { psu1: { id: 'psu1', product_id: psu.id, rack_id: 'rk1', rack_pos: [3, 60], connections: [] } };
    show(model, { kind: 'fire.connections.power_supplies', id: 'psu1' });
    expect(figure('Battery')).toMatch(/^needs \d+\.\d\d Ah \(72 h standby \+ 30 min alarm × 1\.25\), has 0\.50 Ah$/);
    expect(screen.getByText(figure('Battery'), { selector: 'dd' }).className).toBe('over');
    expect(within(screen.getByRole('list', { name: 'Battery warnings' })).getByRole('listitem').textContent).toMatch(
      /^'psu1' has a 0\.50 Ah battery but needs/,
    );
  });
});
