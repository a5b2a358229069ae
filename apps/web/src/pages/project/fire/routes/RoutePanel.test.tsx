import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Model } from '@edrf/model';
import { RoutePanel } from './RoutePanel';
import { testSection } from '../sections/test-sections';
import { on, routesModel } from './test-routes';

afterEach(cleanup);

const show = (model: Model) =>
  render(
    <RoutePanel
      model={model}
      pick={{ kind: 'route', routeId: 'loop-1', slice: null, node: null }}
      onPick={() => {}}
      onDeleteRoute={() => {}}
      onDeleteNode={() => {}}
      onAddStoreySlice={() => {}}
      busy={false}
    />,
  );

/** The text of a figure of the loop summary, by its term. */
const figure = (term: string) => {
  const loop = screen.getByRole('region', { name: 'Loop' });
  const dt = within(loop).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling!.textContent;
};

describe('the routes panel’s loop figures (issue 33)', () => {
  it('counts a strobe light on the loop at its catalogue alarm current', () => {
    const model = routesModel();
    const fire = model.fire!;
    const strobe = fire.config.products.other_units.find((p) => p.unit_type === 'strobelight')!;
    const smoke = fire.config.products.detectors.find((p) => p.id === 'sbf-smoke')!;
    show(model);
    // Two detectors at their quiescent current (fire-next.md's worked examples), against the central's 500 mA.
    expect(figure('Alarm load')).toBe(`${(2 * smoke.electrical.min_milliamperes).toFixed(1)} mA of 500 mA`);
    cleanup();
    fire.units.others = {
      st1: { id: 'st1', storey_id: 's0', coord: [2, 2.5, 2.95], product_id: strobe.id, unit_type: 'strobelight', angle: 0, comment: '' },
    };
    fire.connections.routes['loop-1']!.slices[0]!.nodes.splice(4, 0, on('st1', 2, 2.5));
    show(model);
    const mA = 2 * smoke.electrical.min_milliamperes + strobe.electrical.max_milliamperes;
    expect(figure('Alarm load')).toBe(`${mA.toFixed(1)} mA of 500 mA`);
    expect(screen.getByRole('list', { name: 'Units of the loop' }).textContent).toContain(
      `no addressst1 · ${strobe.electrical.max_milliamperes.toFixed(1)} mA`,
    );
  });

  it('lists the loop’s units as section.address in the order the cable meets them (issue 34)', () => {
    const model = routesModel();
    const fire = model.fire!;
    // d1 is 1.1 (routesModel); d2 gets address 7 in a section named '3'.
    fire.sections['section-3'] = testSection('section-3', '3', ['o'], { d2: 7 });
    const listed = () =>
      within(screen.getByRole('list', { name: 'Units of the loop' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.loop-address')!.textContent);
    show(model);
    // The cable runs rk1 → d1 → d2 → rk1.
    expect(listed()).toEqual(['1.1', '3.7']);
    cleanup();
    // The same loop drawn the other way round meets d2 first.
    const slice = fire.connections.routes['loop-1']!.slices[0]!;
    slice.nodes.reverse();
    show(model);
    expect(listed()).toEqual(['3.7', '1.1']);
  });

  it('shows its central’s battery with the fire config’s durations, and a loop below 0 V in words', () => {
    const model = routesModel();
    const fire = model.fire!;
    fire.config.battery = { standby_hours: 72, alarm_minutes: 30, factor: 1.25 };
    show(model);
    expect(figure('Battery')).toMatch(/^c1 needs \d+\.\d\d Ah \(72 h standby \+ 30 min alarm × 1\.25\), has 7\.00 Ah$/);
    cleanup();
    // A cable of 10 MΩ/km: the far detector's voltage falls far below zero.
    fire.config.products.cables = fire.config.products.cables.map((c) => ({ ...c, resistance: 10_000_000 }));
    show(model);
    expect(figure('Worst voltage')).toBe('the loop cannot work at this length');
    expect(screen.getByRole('region', { name: 'Loop' }).textContent).not.toMatch(/[-−]\d+(\.\d+)? V/);
  });
});
