import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UNSYNCED, WORKING_VERSION, emptyModel, type Model } from '@edrf/model';
import { ProjectStore } from '../../state/project-store';
import type * as UploadClient from '../../upload/upload-client';
import type { UploadOptions, UploadResult } from '../../upload/upload-client';
import { AddIfcsDialog, changesSummary, withUpload } from './AddIfcsDialog';

const uploads: UploadOptions[] = [];
let answer: (options: UploadOptions) => Promise<void> = () => Promise.resolve();

vi.mock('../../upload/upload-client', async (original) => ({
  ...(await original<typeof UploadClient>()),
  uploadIfcs: async (options: UploadOptions) => {
    uploads.push(options);
    await answer(options);
    return { done: 1, failed: 0, connectionError: null };
  },
}));

afterEach(() => {
  cleanup();
  uploads.length = 0;
});

const SHA = 'a'.repeat(64);

function result(model: Model): UploadResult {
  const storey = { ...model.arch };
  return {
    arch: storey,
    elec: model.elec,
    ifc_files: { [SHA]: { name: 'tower.ifc', size: 2048, uploaded_at: '2026-11-22T09:00:00.000Z' } },
    changes: {
      storeys: { added: 0, changed: 0, removed: 0 },
      rooms: { added: 2, changed: 1, removed: 0 },
      wall_openings: { added: 0, changed: 0, removed: 3 },
    },
    warnings: ['Length unit guessed'],
  };
}

function setup() {
  const store = new ProjectStore(
    { projectId: 'p1', model: emptyModel(), identity: WORKING_VERSION, parent: null, workingRevision: 'rev-1', versionComment: null },
    {
      transport: {
        sync: () => Promise.resolve({ working_revision: 'rev-2', parent_version_id: null }),
        save: () => Promise.reject(new Error('no')),
      },
    },
  );
  const router = createMemoryRouter([{ path: '/project/p1', element: <AddIfcsDialog store={store} onClose={() => undefined} /> }], {
    initialEntries: ['/project/p1'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return store;
}

const ifcFile = (name: string, text: string) => new File([text], name);

describe('changesSummary', () => {
  it('lists the kinds with changes', () => {
    expect(changesSummary(result(emptyModel()).changes)).toBe('Rooms 2 added, 1 changed · Wall openings 3 removed');
    expect(changesSummary({ rooms: { added: 0, changed: 0, removed: 0 } })).toBe('No changes');
  });
});

describe('withUpload', () => {
  it('puts arch, elec and config.ifc_files of the answer into the model', () => {
    const model = emptyModel();
    const merged = withUpload(model, result(model));
    expect(merged?.config.ifc_files).toEqual({ [SHA]: { name: 'tower.ifc', size: 2048, uploaded_at: '2026-11-22T09:00:00.000Z' } });
    expect(merged?.config.name).toBe(model.config.name);
  });

  it("sets config.compass_degrees from the answer's compass_degrees, and keeps the model's when it has none", () => {
    const model = { ...emptyModel(), config: { ...emptyModel().config, compass_degrees: 12 } };
    expect(withUpload(model, { ...result(model), compass_degrees: 50 })?.config.compass_degrees).toBe(50);
    expect(withUpload(model, { ...result(model), compass_degrees: -90 })?.config.compass_degrees).toBe(270);
    expect(withUpload(model, result(model))?.config.compass_degrees).toBe(12);
  });

  it('refuses an answer that is not a model part', () => {
    expect(withUpload(emptyModel(), { ...result(emptyModel()), arch: { storeys: 'no' } })).toBeNull();
  });
});

describe('AddIfcsDialog', () => {
  it('refuses files not named .ifc and lists the others by their own name, with size and state', async () => {
    setup();
    const input = screen.getByLabelText('IFC files');
    const long = 'A very long architectural model name.ifc';
    fireEvent.change(input, {
      target: { files: [ifcFile('notes.txt', 'x'), ifcFile(long, `ISO-10303-21;\nHEADER;\nFILE_NAME('other.ifc');\n`)] },
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Only .ifc files can be uploaded: notes.txt was not added');
    const cell = await screen.findByTitle(long);
    expect(cell.textContent).toBe(`${long.slice(0, 35)}…`);
    expect(screen.getByText('0.00 MB')).toBeTruthy();
    expect(screen.getByText('Idle')).toBeTruthy();
  });

  it("shows the file's name, not its header's, and the IFC's project name beside it when it says something", async () => {
    setup();
    const step = (headerName: string, project: string) =>
      `ISO-10303-21;\nHEADER;\nFILE_NAME('${headerName}','2024-01-01',(''),(''),'','','');\nENDSEC;\nDATA;\n#1=IFCPROJECT(${project});\n`;
    fireEvent.change(screen.getByLabelText('IFC files'), {
      target: {
        files: [
          ifcFile('harbour-ARK.ifc', step('Project Number', "'g',#2,'Project Number',$,$,'Harbour Hall','Project Status',(#3),#4")),
          ifcFile('harbour-EL.ifc', step('0001', "'h',#2,'0001',$,$,'Nombre de proyecto',$,(#3),#4")),
        ],
      },
    });
    const rows = await screen.findAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('columnheader')
          .map((th) => th.textContent),
      )[0],
    ).toEqual(['File', 'IFC project', 'Size', 'Progress', 'State', '']);
    expect(cells(rows[1]!).slice(0, 2)).toEqual(['harbour-ARK.ifc', 'Harbour Hall']);
    expect(cells(rows[2]!).slice(0, 2)).toEqual(['harbour-EL.ifc', '—']);
    expect(screen.queryByText('Project Number')).toBeNull();
    expect(screen.queryByText('0001')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove harbour-EL.ifc' })).toBeTruthy();
  });

  it('applies each done as one undoable edit and shows the changes on the row', async () => {
    const store = setup();
    answer = async (options) => {
      const file = options.files[0]!;
      options.onState(file.id, { status: 'processing', step: 'ifc_parse', progress: 0.5 });
      const done = result(store.getState().model);
      options.onState(file.id, { status: 'done', result: done });
      await options.onDone?.(file.id, done);
    };
    fireEvent.change(screen.getByLabelText('IFC files'), { target: { files: [ifcFile('tower.ifc', 'ISO-10303-21;')] } });
    await screen.findByText('Idle');
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByText('Done')).toBeTruthy());
    expect(screen.getByText('Rooms 2 added, 1 changed · Wall openings 3 removed')).toBeTruthy();
    expect(screen.getByText('Length unit guessed')).toBeTruthy();
    expect(uploads[0]?.url).toMatch(/\/ws\/v1\/p1\/working-version\/upload_ifc$/);
    expect(store.getState().identity).toBe(UNSYNCED);
    expect(Object.keys(store.getState().model.config.ifc_files)).toEqual([SHA]);
    act(() => void store.undo());
    expect(store.getState().model.config.ifc_files).toEqual({});
    expect(store.getState().canUndo).toBe(false);
  });

  it('syncs unsynced edits before uploading', async () => {
    const store = setup();
    store.edit([{ path: ['config', 'name'], value: 'Harbour' }], '/project/p1');
    answer = () => Promise.resolve();
    fireEvent.change(screen.getByLabelText('IFC files'), { target: { files: [ifcFile('tower.ifc', 'ISO-10303-21;')] } });
    await screen.findByText('Idle');
    await act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      return Promise.resolve();
    });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(store.getState().identity).toBe(WORKING_VERSION);
  });
});
