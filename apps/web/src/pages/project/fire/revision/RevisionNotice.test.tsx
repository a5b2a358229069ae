/**
 * The fire area's notice of a changed architecture and 'Update the design' (issue 40), through the page, with the
 * server's update_fire_design answered by the fire engine itself through a stand-in for fetch.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArchChanges, Model } from '@edrf/model';
import { calcFireUnits, updateFireDesign } from '@edrf/fire';
import { alertsStore } from '../../../../ui/alerts';
import { testModel } from '../../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../../state/test-project';
import { createFireConfigForTest } from '../test-fire';
import { withDesignBasis } from './design-basis';
import { RevisionNotice } from './RevisionNotice';
import { currentRevision } from './revision-texts';
import { changedRoomsLayer } from './changed-rooms-layer';
import type { PlanItem } from '../../../../editor/layers';

const AT = new Date('2026-11-20T10:00:00Z');
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  alertsStore.set([]);
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push(url);
    const body = JSON.parse(init!.body as string) as {
      model: Model & { fire: NonNullable<Model['fire']> };
      changes: ArchChanges;
      keep_removed_units: boolean;
    };
    const answer = updateFireDesign(body.model, body.changes, { keepRemovedUnits: body.keep_removed_units });
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The test building designed (its units placed, the basis taken), then the architect's revision: the office gone, a store added. */
function revised(): Model {
  const base: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  const units = calcFireUnits({ arch: base.arch, fire: base.fire! }).units;
  const designed = withDesignBasis({ ...base, fire: { ...base.fire!, units: { ...base.fire!.units, ...units } } }, base.arch, AT);
  const arch = structuredClone(designed.arch);
  delete arch.rooms.o;
  arch.storeys.s0!.rooms = ['k', 'st'];
  arch.rooms.st = {
    id: 'st',
    global_id: '',
    name: 'Store',
    type: 'Other',
    synthetic: false,
    shape: {
      exterior: [
        [4, 0],
        [7, 0],
        [7, 3],
        [4, 3],
      ],
      interiors: [],
      below: [],
      above: [],
    },
  };
  return { ...designed, arch };
}

const render = (model: Model) => renderProjectPages(model, [{ path: 'fire/units', element: <RevisionNotice /> }], '/project/p1/fire/units');

describe('the notice of a changed architecture', () => {
  it('says nothing while the architecture is the one the design was made on', () => {
    const base: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
    render(withDesignBasis(base, base.arch, AT));
    expect(screen.queryByRole('region', { name: 'Architecture changed' })).toBeNull();
  });

  it('counts and lists the rooms added and removed, each a link to its storey on the units plan', () => {
    render(revised());
    const notice = screen.getByRole('region', { name: 'Architecture changed' });
    expect(notice.textContent).toContain('The architecture has changed since the fire design was last run: 1 room added, 1 removed.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Show rooms' }));
    const added = within(notice).getByRole('region', { name: 'Added' });
    expect(within(added).getByRole('link', { name: 'Store' }).getAttribute('href')).toBe('/project/p1/fire/units?storey=s0');
    expect(within(within(notice).getByRole('region', { name: 'Removed' })).getByRole('link', { name: 'Office' })).toBeTruthy();
  });

  it('counts the walls added and removed where no room changed', () => {
    const base: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
    const designed = withDesignBasis(base, base.arch, AT);
    // A wall across the office, the office still one space; the beam-height wall b1 taken out.
    const arch = structuredClone(designed.arch);
    arch.walls.w2 = {
      ...arch.walls.w1!,
      id: 'w2',
      shape: {
        ...arch.walls.w1!.shape,
        exterior: [
          [7, 0, 0],
          [7.2, 0, 0],
          [7.2, 3, 0],
          [7, 3, 0],
        ],
      },
    };
    delete arch.walls.b1;
    arch.storeys.s0!.walls = ['w1', 'w2'];
    render({ ...designed, arch });
    const notice = screen.getByRole('region', { name: 'Architecture changed' });
    expect(notice.textContent).toContain('The architecture has changed since the fire design was last run: 1 wall added, 1 removed.');
  });

  it('updates the design as one edit: the removed room’s units go, the new room is covered, revision A is recorded; undo restores it', async () => {
    const model = revised();
    const { store } = render(model);
    const before = model.fire!;
    const inOffice = Object.values(before.units.detectors).filter((d) => d.coord[0] > 4 && d.storey_id === 's0');
    expect(inOffice.length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Update the design' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Architecture changed' })).toBeNull());
    expect(calls).toEqual(['/api/v1/update_fire_design']);
    const after = store.getState().model.fire!;
    expect(Object.values(after.revisions ?? {}).map((r) => r.letter)).toEqual(['A']);
    // The kitchen's units stay as they were; the store (where the office stood) is covered anew.
    const kitchen = (fire: typeof after) => Object.values(fire.units.detectors).filter((d) => d.storey_id === 's0' && d.coord[0] < 4);
    expect(kitchen(after)).toEqual(kitchen(before));
    expect(Object.values(after.units.detectors).some((d) => d.storey_id === 's0' && d.coord[0] > 4)).toBe(true);
    expect(screen.getByRole('button', { name: 'Revisions (1)' })).toBeTruthy();
    // The Export page's Revision field starts at it: the documents' title blocks carry the current revision.
    expect(currentRevision(after)).toBe('A');
    expect(currentRevision(before)).toBe('');
    store.undo();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Architecture changed' })).toBeTruthy());
    expect(store.getState().model.fire).toEqual(before);
  });
});

describe('the changed rooms on the units plan', () => {
  const items = (model: Model, storeyId: string) => {
    const out: PlanItem[] = [];
    changedRoomsLayer.items(model, storeyId, (_source, _depends, build) => {
      const item = build();
      if (item) out.push(item);
    });
    return out.map((item) => ({ id: item.ref.id, style: item.styleKey, bounds: item.bounds }));
  };

  it("outlines the added room and the removed room's former extent on their storey, and nothing elsewhere or once updated", () => {
    const model = revised();
    expect(items(model, 's0')).toEqual([
      { id: 'st', style: 'added', bounds: { minX: 4, minY: 0, maxX: 7, maxY: 3 } },
      { id: 'o', style: 'removed', bounds: { minX: 4, minY: 0, maxX: 7, maxY: 3 } },
    ]);
    expect(items(model, 's1')).toEqual([]);
    expect(items(withDesignBasis(model, model.arch, AT), 's0')).toEqual([]);
  });
});
