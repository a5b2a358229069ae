import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyModel, type Model } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import type { Selection } from '../../../../../editor/selection';
import { applyEdits } from '../../../../../state/history';
import { renderProjectPages } from '../../../../../state/test-project';
import { useModel, useModelEdit } from '../../../../../state/use-project';
import { createFireConfigForTest } from '../../test-fire';
import { placeRackEdits, type RackMode } from './rack-edits';
import { RackPanel } from './RackPanel';

afterEach(cleanup);

/** The test arch with the SBF fire module and one rack placed in the kitchen in `mode`. */
function withRack(mode: RackMode): Model {
  const model: Model = { ...emptyModel(), arch: testArch(), fire: createFireConfigForTest('Sbf1108') };
  const placed = placeRackEdits(model, 's0', [1, 1], mode);
  if (!placed.ok) throw new Error(placed.error);
  return applyEdits(model, placed.requests).model;
}

const rackSelected: Selection = { kind: 'items', items: [{ kind: 'fire.units.racks', id: 'rack-1' }] };

function setup(model: Model, selection: Selection = rackSelected) {
  function Host() {
    const edit = useModelEdit();
    return (
      <>
        <p>Panel host</p>
        <RackPanel model={useModel()} selection={selection} edit={(requests) => edit(requests)} />
      </>
    );
  }
  const { store } = renderProjectPages(model, [{ path: 'fire/units', element: <Host /> }], '/project/p1/fire/units');
  return { fire: () => store.getState().model.fire! };
}

describe('the rack panel', () => {
  it('shows the rack, its room record and what it holds; label, angle and room notes are edited in place', () => {
    const model = withRack('rack-central-plinth');
    const products = model.fire!.config.products;
    const { fire } = setup(model);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Rack');
    expect(screen.getByText('+D1 Kitchen')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'In the rack' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Central (main central): ${products.centrals[0]!.name}`, `Plinth: ${products.plinths[0]!.name}`]);
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'A' } });
    expect(fire().units.racks['rack-1']!.label).toBe('A');
    const angle = screen.getByLabelText('Angle');
    fireEvent.change(angle, { target: { value: '400' } });
    fireEvent.blur(angle);
    expect(fire().units.racks['rack-1']!.angle).toBe(359);
    fireEvent.change(screen.getByLabelText('Room notes'), { target: { value: 'Behind the door' } });
    expect(fire().connections.rooms.k!.notes).toBe('Behind the door');
  });

  it('a central alone is Equipment; a bare rack holds nothing; another selection shows nothing', () => {
    setup(withRack('central'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Equipment');
    cleanup();
    setup(withRack('rack'));
    expect(screen.getByText('Nothing yet: add equipment on the Equipment page.')).toBeTruthy();
    cleanup();
    setup(withRack('rack'), { kind: 'items', items: [{ kind: 'arch.rooms', id: 'k' }] });
    expect(screen.getByText('Panel host')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Rack' })).toBeNull();
  });
});
