import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ROOM_TYPES, polygonArea, type Arch, type ItemRef, type Model, type Point2 } from '@edrf/model';
import { LayersBox } from '../../../editor/LayersBox';
import { PlanView } from '../../../editor/PlanView';
import { archLayers } from '../../../editor/arch/arch-layers';
import { roomFill } from '../../../editor/arch/palette';
import { StoreyList } from '../../../editor/arch/StoreyList';
import { defaultStorey, storeysTopDown } from '../../../editor/arch/storeys';
import { useShownStorey } from '../../../editor/arch/use-shown-storey';
import { NOTHING, singleRoom } from '../../../editor/selection';
import { PolygonTool } from '../../../editor/tools/polygon';
import { RULER_TOOL, RulerTool } from '../../../editor/tools/ruler';
import { ApplyBar, toolAction } from '../../../editor/ToolButtons';
import { SelectTool } from '../../../editor/tools/select';
import { usePlanActions, usePlanEditor } from '../../../editor/use-plan-editor';
import { useModelEdit, useProjectState, useProjectStore } from '../../../state/use-project';
import { ActionButton } from '../../../ui/ActionButton';
import { CleanDialog } from './CleanDialog';
import { previewClean } from './clean-arch';
import { reportTiles } from './layers/report-tiles';
import { MergeStoreysDialog } from './MergeStoreysDialog';
import { deleteSelection, mergeStoreys } from './model-edits';
import { KIND_LABELS, PropertiesPanel } from './PropertiesPanel';
import { StatisticsDialog } from './StatisticsDialog';
import { DRAW_ROOM, EDIT_SHAPE, drawRoomTool, editShapeTool } from './tools/room-tools';
import { View3dEntry } from '../../../view3d/View3dEntry';
import { storeyLabel } from './storey-label';
import './model.css';

export { defaultStorey };

type Dialog = 'statistics' | 'merge' | 'clean' | null;

interface InfoPopup {
  ref: ItemRef;
  at: Point2;
}

/** /project/{id}/model: the architecture editor's 2D plan (P§2, P§4), on the plan engine (docs/editor.md). */
export function ModelPage() {
  const { model } = useProjectState();
  const store = useProjectStore();
  const edit = useModelEdit();
  const location = useLocation();
  const page = location.pathname + location.search;
  const arch = model.arch;
  const storeys = useMemo(() => storeysTopDown(arch), [arch]);
  const [storeyId, showStorey] = useShownStorey(arch);
  const [info, setInfo] = useState<InfoPopup | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const editor = usePlanEditor(
    () => ({
      layers: archLayers(),
      defaultTool: () => new SelectTool({ onClick: (ref, pointer, double) => setInfo(double && ref ? { ref, at: pointer.point } : null) }),
      painters: [reportTiles],
    }),
    storeyId ?? '',
  );
  const selection = editor.selection;
  const tool = editor.tool;
  const shaping = tool instanceof PolygonTool ? tool : null;
  // The legend: the room types on the shown storey, in the order of the type list.
  const roomTypes = useMemo(() => {
    const present = new Set(storeyId ? (arch.storeys[storeyId]?.rooms ?? []).map((id) => arch.rooms[id]?.type) : []);
    return ROOM_TYPES.filter((type) => present.has(type));
  }, [arch, storeyId]);

  const replaceModel = (next: Model) => store.replaceModel(next, page);

  const switchStorey = (id: string) => {
    if (id !== storeyId) {
      setInfo(null);
      showStorey(id);
    }
    editor.select({ kind: 'storey', storeyId: id });
  };

  const deleteSelected = () => {
    if (selection.kind !== 'items') return;
    replaceModel(deleteSelection(model, selection.items));
    editor.select(NOTHING);
    setInfo(null);
  };

  const startEditShape = () => {
    const roomId = singleRoom(selection);
    const shape = roomId ? editShapeTool(editor, roomId) : null;
    if (shape) editor.useTool(shape);
  };

  // P§2 Keyboard: m ruler, e edit shape, Delete; Backspace is the shape tools' own, Enter and Escape the engine's.
  const action = usePlanActions(editor, [
    toolAction(
      editor,
      { id: RULER_TOOL, make: () => new RulerTool() },
      { label: 'Ruler', title: 'Ruler (M; Escape ends)', key: 'm', when: () => !shaping },
    ),
    {
      id: DRAW_ROOM,
      label: 'Draw room',
      when: () => !!storeyId,
      run: () => {
        editor.select(NOTHING);
        editor.useTool(drawRoomTool(editor));
      },
    },
    {
      id: EDIT_SHAPE,
      label: 'Edit shape',
      title: 'Edit room shape (E)',
      key: 'e',
      when: () => !shaping && !!singleRoom(selection),
      run: startEditShape,
    },
    { id: 'delete', label: 'Delete', key: ['Delete', 'Backspace'], when: () => selection.kind === 'items', run: deleteSelected },
    { key: 'Escape', when: () => info !== null, run: () => setInfo(null) },
    { id: 'statistics', label: 'Statistics', run: () => setDialog('statistics') },
    { id: 'merge-storeys', label: 'Merge storeys', when: () => storeys.length >= 2, run: () => setDialog('merge') },
    { id: 'clean', label: 'Clean', when: () => storeys.length > 0, run: () => setDialog('clean') },
  ]);

  const storeyBounds = editor.scene.bounds
    ? {
        min: [editor.scene.bounds.minX, editor.scene.bounds.minY] as [number, number],
        max: [editor.scene.bounds.maxX, editor.scene.bounds.maxY] as [number, number],
      }
    : null;

  return (
    <section className="model-page">
      <aside className="model-side model-left">
        <StoreyList arch={arch} current={storeyId} onPick={switchStorey} />
        <LayersBox editor={editor} />
        {roomTypes.length > 0 && (
          <>
            <h2 className="side-title">Room types</h2>
            <ul className="room-legend" aria-label="Room types">
              {roomTypes.map((type) => (
                <li key={type}>
                  <span className="swatch" style={{ background: roomFill(type) }} /> {type}
                </li>
              ))}
            </ul>
          </>
        )}
        <button
          type="button"
          className={selection.kind === 'model' ? 'btn btn-small active' : 'btn btn-small'}
          onClick={() => editor.select({ kind: 'model' })}
        >
          Model options
        </button>
      </aside>
      <div className="model-center">
        <div className="model-toolbar" role="toolbar" aria-label="Plan tools">
          <ActionButton action={action('fit')} />
          <ActionButton action={action(RULER_TOOL)} />
          <ApplyBar editor={editor}>
            <ActionButton action={action(DRAW_ROOM)} />
            <ActionButton action={action(EDIT_SHAPE)} />
          </ApplyBar>
          <span className="grow" />
          <ActionButton action={action('statistics')} />
          <ActionButton action={action('merge-storeys')} />
          <ActionButton action={action('clean')} />
          <View3dEntry />
        </div>
        <div className="plan-frame">
          <PlanView editor={editor} />
          {info && <InfoCard arch={arch} info={info} onClose={() => setInfo(null)} />}
        </div>
      </div>
      <PropertiesPanel
        model={model}
        selection={selection}
        edit={(requests) => edit(requests)}
        onSelect={(next) => editor.select(next)}
        onDelete={action('delete').run}
        storeyBounds={storeyBounds}
      />
      {dialog === 'statistics' && <StatisticsDialog arch={arch} onClose={() => setDialog(null)} />}
      {dialog === 'merge' && storeyId && (
        <MergeStoreysDialog
          arch={arch}
          keepId={storeyId}
          onClose={() => setDialog(null)}
          onMerge={(keepId, otherIds) => {
            replaceModel(mergeStoreys(model, keepId, otherIds));
            setDialog(null);
            showStorey(keepId);
            editor.select({ kind: 'storey', storeyId: keepId });
          }}
        />
      )}
      {dialog === 'clean' && (
        <CleanDialog
          onClose={() => setDialog(null)}
          onPreview={(settings) => previewClean(model, settings)}
          onApply={(cleaned) => {
            replaceModel(cleaned);
            setDialog(null);
            editor.select(NOTHING);
          }}
        />
      )}
    </section>
  );
}

/** The info popup of a double-clicked item. */
function InfoCard({ arch, info, onClose }: { arch: Arch; info: InfoPopup; onClose: () => void }) {
  const { ref } = info;
  const item = (arch[ref.kind.slice('arch.'.length) as keyof Arch] as Record<string, { name?: string; global_id?: string }> | undefined)?.[
    ref.id
  ];
  const room = ref.kind === 'arch.rooms' ? arch.rooms[ref.id] : undefined;
  return (
    <div className="info-popup" role="dialog" aria-label="Item info">
      <header>
        <strong>{KIND_LABELS[ref.kind] ?? ref.kind}</strong>
        <button type="button" className="modal-x" aria-label="Close info" onClick={onClose}>
          ×
        </button>
      </header>
      <dl className="details">
        {item?.name !== undefined && (
          <>
            <dt>Name</dt>
            <dd>{item.name || '—'}</dd>
          </>
        )}
        {room && (
          <>
            <dt>Type</dt>
            <dd>{room.type}</dd>
            <dt>Area</dt>
            <dd>{polygonArea(room.shape).toFixed(2)} m2</dd>
          </>
        )}
        <dt>Id</dt>
        <dd>{ref.id}</dd>
        {item?.global_id && (
          <>
            <dt>IFC GlobalId</dt>
            <dd>{item.global_id}</dd>
          </>
        )}
        <dt>At</dt>
        <dd>
          {info.at[0].toFixed(2)}, {info.at[1].toFixed(2)}
        </dd>
      </dl>
    </div>
  );
}

export { storeyLabel };
