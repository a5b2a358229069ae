import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyModel, type Model } from '@edrf/model';
import { testArch } from '../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../state/test-project';
import { CleanDialog } from './CleanDialog';
import type { CleanPreview, CleanSettings, CleanSummary } from './clean-arch';
import { ModelPage } from './ModelPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMPTY: CleanSummary = {
  rooms_merged: [],
  rooms_synthesized: [],
  rooms_split: [],
  rooms_removed: [],
  rooms_retyped: [],
  walls_removed: [],
  storeys_removed: [],
  room_count_before: 3,
  room_count_after: 3,
  room_area_before: 42,
  room_area_after: 42,
};

const ground = { storey_id: 's0', storey_name: 'Floor Plan_1st Floor' };
/** What Clean does to Janesville's first floor and the storeys above (docs/clean-arch.md), in small. */
const SUMMARY: CleanSummary = {
  ...EMPTY,
  rooms_merged: [
    {
      id: 'dining-a',
      name: 'Dining Room A + Banquet Hall A + Pizza Bar',
      type: 'Other',
      ...ground,
      area: 168.7,
      parts: [
        { id: 'dining-a', name: 'Dining Room A', type: 'Other', area: 82.2 },
        { id: 'banquet-a', name: 'Banquet Hall A', type: 'Other', area: 73.7 },
        { id: 'pizza', name: 'Pizza Bar', type: 'Other', area: 12.8 },
      ],
    },
  ],
  rooms_synthesized: [
    { id: 'syn-1', name: 'New Room', type: 'Other', storey_id: 's2', storey_name: 'Floor Plan_2nd Floor', area: 371.5 },
    { id: 'syn-2', name: 'New Room', type: 'Other', storey_id: 's2', storey_name: 'Floor Plan_2nd Floor', area: 276.2 },
  ],
  rooms_removed: [{ id: 'copy', name: 'Coat Room', type: 'Other', ...ground, area: 8.3 }],
  walls_removed: [
    { ...ground, count: 35 },
    { storey_id: 'ce', storey_name: 'Ceiling-East', count: 57 },
  ],
  storeys_removed: [{ id: 'ce', name: 'Ceiling-East' }],
  room_count_before: 20,
  room_count_after: 21,
  room_area_before: 655.7,
  room_area_after: 1989.3,
};

const cleanedModel = (): Model => ({ ...emptyModel(), config: { ...emptyModel().config, name: 'cleaned' } });

function openDialog(answer: () => Promise<CleanPreview>) {
  const onPreview = vi.fn((_settings: CleanSettings) => answer());
  const onApply = vi.fn((_model: Model) => {});
  const onClose = vi.fn();
  render(<CleanDialog onPreview={onPreview} onApply={onApply} onClose={onClose} />);
  return { onPreview, onApply, onClose, dialog: within(screen.getByRole('dialog', { name: 'Clean model' })) };
}

describe('the Clean dialog', () => {
  it('shows what Clean will do, and applies nothing until Apply', async () => {
    const model = cleanedModel();
    const { onPreview, onApply, dialog } = openDialog(() => Promise.resolve({ model, summary: SUMMARY }));
    fireEvent.click(dialog.getByLabelText('Synthesize rooms'));
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(onPreview).toHaveBeenCalledWith({
      clean_room_overlap: true,
      synthesize_rooms: false,
      remove_roomless_storeys: true,
      remove_low_walls: true,
      merge_adjacent_rooms: true,
      identify_room_types: false,
    });

    const merged = within(await dialog.findByRole('region', { name: 'Rooms merged (1)' }));
    expect(merged.getByRole('listitem').textContent).toBe(
      'Dining Room A + Banquet Hall A + Pizza Bar (Other, 168.7\u00a0m², Floor Plan_1st Floor) from Dining Room A (82.2\u00a0m²), Banquet Hall A (73.7\u00a0m²), Pizza Bar (12.8\u00a0m²)',
    );
    const synthesized = within(dialog.getByRole('region', { name: 'Rooms synthesized (2, 647.7\u00a0m²)' }));
    expect(synthesized.getByRole('listitem').textContent).toBe('Floor Plan_2nd Floor: 2 rooms of 371.5\u00a0m², 276.2\u00a0m²');
    expect(within(dialog.getByRole('region', { name: 'Rooms removed (1)' })).getByRole('listitem').textContent).toBe(
      'Coat Room (8.3\u00a0m², Floor Plan_1st Floor)',
    );
    expect(
      within(dialog.getByRole('region', { name: 'Walls removed (92)' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Floor Plan_1st Floor: 35 walls', 'Ceiling-East: 57 walls']);
    expect(within(dialog.getByRole('region', { name: 'Storeys removed (1)' })).getByRole('listitem').textContent).toBe('Ceiling-East');
    expect(dialog.getByLabelText('Room totals').textContent).toBe('Room area655.7\u00a0m² → 1,989.3\u00a0m²Rooms20 → 21');
    expect(dialog.queryByRole('region', { name: /Rooms split/ })).toBeNull();
    expect(onApply).not.toHaveBeenCalled();

    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith(model);
  });

  it('Back returns to the options as they were set; Cancel closes without applying', async () => {
    const { onApply, onClose, dialog } = openDialog(() => Promise.resolve({ model: cleanedModel(), summary: SUMMARY }));
    fireEvent.click(dialog.getByLabelText('Remove low walls'));
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Back' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Remove low walls').checked).toBe(false);
    expect(dialog.getByLabelText<HTMLInputElement>('Merge adjacent rooms').checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('says when there is nothing to clean, and offers no Apply then', async () => {
    const { dialog } = openDialog(() => Promise.resolve({ model: cleanedModel(), summary: EMPTY }));
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByText('Nothing to clean: the model stays as it is.')).toBeTruthy();
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Apply' }).disabled).toBe(true);
  });

  it('shows a failed preview and stays on the options', async () => {
    const { onApply, dialog } = openDialog(() => Promise.reject(new Error('Failed to clean model: arch.rooms.r: bad')));
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Failed to clean model: arch.rooms.r: bad');
    expect(dialog.getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(onApply).not.toHaveBeenCalled();
  });
});

describe('Clean on the model page', () => {
  it('asks the server for the preview, changes nothing before Apply, and applies the answer as one undoable edit', async () => {
    const original: Model = { ...emptyModel(), arch: testArch() };
    // The server's answer (stubbed): the first storey gone with its room, the office renamed.
    const cleaned = structuredClone(original);
    delete cleaned.arch.rooms.u;
    delete cleaned.arch.storeys.s1;
    cleaned.arch.rooms.o!.name = 'Office + Hall';
    const requests: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(init.body as string) });
      const body = { model: cleaned, summary: { ...EMPTY, storeys_removed: [{ id: 's1', name: 'First' }] } };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    const { store } = renderProjectPages(original, [{ path: 'model', element: <ModelPage /> }], '/project/p1/model');

    fireEvent.click(screen.getByRole('button', { name: 'Clean' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Clean model' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByRole('region', { name: 'Storeys removed (1)' })).toBeTruthy();
    expect(requests).toEqual([
      {
        url: '/api/v1/clean_arch',
        body: {
          model: original,
          summary: true,
          settings: {
            clean_room_overlap: true,
            synthesize_rooms: true,
            remove_roomless_storeys: true,
            remove_low_walls: true,
            merge_adjacent_rooms: true,
            identify_room_types: false,
          },
        },
      },
    ]);
    expect(store.getState().model).toEqual(original);

    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Clean model' })).toBeNull());
    expect(store.getState().model).toEqual(cleaned);
    expect(Object.keys(store.getState().model.arch.storeys)).toEqual(['s0']);
    store.undo();
    expect(store.getState().model).toEqual(original);
    expect(store.getState().canUndo).toBe(false);
  });
});
