import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ROOM_TYPES, polygonArea, type Arch, type ItemRef, type Model, type Point2 } from '@edrf/model';
import { toast } from '../../../app/overlay/alerts';
import { checkRoomShape } from '../../../editor/geometry-client';
import { PlanCanvas, type PlanCanvasHandle } from '../../../editor/PlanCanvas';
import { roomFill } from '../../../editor/palette';
import { DEFAULT_LAYERS, TOGGLE_LAYERS, buildPlanScene, refKey, storeysTopDown, type LayerVisibility } from '../../../editor/plan-scene';
import { editOutline, editRemovePoint, startDraw, startShapeEdit, type RoomEdit } from '../../../editor/room-edit';
import { INVALID_ROOM_SHAPE, INVALID_ROOM_SHAPE_MS } from '../../../editor/room-shape';
import { RULER_START, formatLength, rulerLength, type RulerState } from '../../../editor/ruler';
import { NOTHING, boxSelect, clickSelect, pruneSelection, singleRoom, type Selection } from '../../../editor/selection';
import { useModelEdit, useProjectState, useProjectStore } from '../../../state/use-project';
import { keepsNativeUndo } from '../../../state/shortcuts';
import { CleanDialog } from './CleanDialog';
import { cleanArch } from './clean-arch';
import { MergeStoreysDialog } from './MergeStoreysDialog';
import { addRoomEdits, deleteSelection, mergeStoreys, roomShapeEdits } from './model-edits';
import { KIND_LABELS, PropertiesPanel } from './PropertiesPanel';
import { StatisticsDialog } from './StatisticsDialog';
import { View3dEntry } from '../../../view3d/View3dEntry';
import { storeyLabel } from './storey-label';
import './model.css';

/** The storey shown when the address names none: the ground floor (number 0), else the lowest. */
export function defaultStorey(arch: Arch): string | null {
  const storeys = storeysTopDown(arch);
  return (storeys.find((s) => s.number === 0) ?? storeys[storeys.length - 1])?.id ?? null;
}

type Dialog = 'statistics' | 'merge' | 'clean' | null;

interface InfoPopup {
  ref: ItemRef;
  at: Point2;
}

/** /project/{id}/model: the architecture editor's 2D plan (P§2, P§4). */
export function ModelPage() {
  const { model } = useProjectState();
  const store = useProjectStore();
  const edit = useModelEdit();
  const location = useLocation();
  const page = location.pathname + location.search;
  const [params, setParams] = useSearchParams();
  const arch = model.arch;
  const storeys = useMemo(() => storeysTopDown(arch), [arch]);
  const requested = params.get('storey');
  const storeyId = requested && arch.storeys[requested] ? requested : defaultStorey(arch);

  const [layers, setLayers] = useState<LayerVisibility>(DEFAULT_LAYERS);
  const [rawSelection, setSelection] = useState<Selection>(NOTHING);
  const [ruler, setRuler] = useState<RulerState | null>(null);
  const [roomEdit, setRoomEdit] = useState<RoomEdit | null>(null);
  const [info, setInfo] = useState<InfoPopup | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const plan = useRef<PlanCanvasHandle>(null);
  const readout = useRef<HTMLSpanElement>(null);

  // What an undo, a delete or a merge removed is no longer selected.
  const selection = useMemo(() => pruneSelection(rawSelection, model), [rawSelection, model]);
  const scene = useMemo(() => buildPlanScene(arch, storeyId ?? ''), [arch, storeyId]);
  const selectedKeys = useMemo(() => (selection.kind === 'items' ? selection.items.map(refKey) : []), [selection]);
  const tiles = storeyId ? (model.config.report_tiles[storeyId] ?? []) : [];
  // The legend: the room types on the shown storey, in the order of the type list.
  const roomTypes = useMemo(() => {
    const present = new Set(scene.items.flatMap((item) => (item.roomType ? [item.roomType] : [])));
    return ROOM_TYPES.filter((type) => present.has(type));
  }, [scene]);

  const replaceModel = (next: Model) => store.replaceModel(next, page);

  const switchStorey = (id: string) => {
    if (id !== storeyId) {
      setRoomEdit(null);
      setInfo(null);
      setParams({ storey: id }, { replace: true });
    }
    setSelection({ kind: 'storey', storeyId: id });
  };

  const deleteSelected = () => {
    if (selection.kind !== 'items') return;
    replaceModel(deleteSelection(model, selection.items));
    setSelection(NOTHING);
    setInfo(null);
  };

  const applyRoomEdit = async () => {
    if (!roomEdit || !storeyId) return;
    const outline = editOutline(roomEdit);
    if (!(await checkRoomShape(outline))) {
      toast.error(INVALID_ROOM_SHAPE, INVALID_ROOM_SHAPE_MS);
      return;
    }
    if (roomEdit.mode === 'draw') {
      const { id, requests } = addRoomEdits(arch, storeyId, outline);
      edit(requests);
      setSelection({ kind: 'items', items: [{ kind: 'arch.rooms', id }] });
    } else if (arch.rooms[roomEdit.roomId]) edit(roomShapeEdits(roomEdit.roomId, outline));
    setRoomEdit(null);
  };

  const startEditShape = () => {
    const roomId = singleRoom(selection);
    const room = roomId ? arch.rooms[roomId] : undefined;
    if (!roomId || !room) return;
    setRuler(null);
    setRoomEdit(startShapeEdit(roomId, room.shape.exterior));
  };

  const toggleRuler = () => {
    if (roomEdit) return;
    setRuler(ruler ? null : RULER_START);
  };

  // P§2 Keyboard: m ruler, e edit shape, Enter apply, Escape cancel or end; Delete; arrows and +/- move the view.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (keepsNativeUndo(event.target) || (event.target instanceof HTMLElement && event.target.closest('input, select, textarea'))) return;
    if (document.querySelector('.modal-backdrop')) return;
    const key = event.key;
    let handled = true;
    if (key === 'Escape') {
      if (roomEdit) setRoomEdit(null);
      else if (ruler) setRuler(null);
      else if (info) setInfo(null);
      else setSelection(NOTHING);
    } else if (key === 'Enter' && roomEdit) void applyRoomEdit();
    else if ((key === 'm' || key === 'M') && !roomEdit) toggleRuler();
    else if ((key === 'e' || key === 'E') && !roomEdit) startEditShape();
    else if ((key === 'Delete' || key === 'Backspace') && roomEdit) setRoomEdit(editRemovePoint(roomEdit));
    else if (key === 'Delete' || key === 'Backspace') deleteSelected();
    else if (key === 'f' || key === 'F') plan.current?.fit();
    else handled = plan.current?.key(key) ?? false;
    if (handled) event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const onPointer = (point: Point2 | null) => {
    if (readout.current) readout.current.textContent = point ? `x ${point[0].toFixed(2)}  y ${point[1].toFixed(2)}` : '';
  };

  const storeyBounds = scene.bounds
    ? { min: [scene.bounds.minX, scene.bounds.minY] as [number, number], max: [scene.bounds.maxX, scene.bounds.maxY] as [number, number] }
    : null;
  const rulerText = ruler ? rulerLength(ruler) : null;

  return (
    <section className="model-page">
      <aside className="model-side model-left">
        <h2 className="side-title">Storeys</h2>
        {storeys.length === 0 && <p className="muted small">No storeys. Add IFCs on the project page, or import an .edrf file.</p>}
        <ul className="storey-list" aria-label="Storeys">
          {storeys.map((storey) => (
            <li key={storey.id}>
              <button
                type="button"
                className={storey.id === storeyId ? 'storey-button current' : 'storey-button'}
                data-storey-id={storey.id}
                aria-current={storey.id === storeyId ? 'true' : undefined}
                onClick={() => switchStorey(storey.id)}
              >
                <span className="storey-number">{storey.number}</span> {storey.name || '(no name)'}
              </button>
            </li>
          ))}
        </ul>
        <h2 className="side-title">Layers</h2>
        <fieldset className="layer-toggles" aria-label="Layers">
          {TOGGLE_LAYERS.map(({ layer, label }) => (
            <label key={layer} className="check">
              <input
                type="checkbox"
                checked={layers[layer]}
                onChange={(event) => setLayers({ ...layers, [layer]: event.target.checked })}
              />
              {label}
            </label>
          ))}
        </fieldset>
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
          onClick={() => setSelection({ kind: 'model' })}
        >
          Model options
        </button>
      </aside>
      <div className="model-center">
        <div className="model-toolbar" role="toolbar" aria-label="Plan tools">
          <button type="button" className="btn btn-small" title="Fit to storey (F)" onClick={() => plan.current?.fit()}>
            Fit
          </button>
          <button
            type="button"
            className={ruler ? 'btn btn-small active' : 'btn btn-small'}
            aria-pressed={ruler !== null}
            title="Ruler (M; Escape ends)"
            disabled={roomEdit !== null}
            onClick={toggleRuler}
          >
            Ruler
          </button>
          {roomEdit ? (
            <>
              <span className="edit-hint">
                {roomEdit.mode === 'draw' ? 'Click the corners of the new room' : 'Drag corners; press an edge to add one'}
              </span>
              <button type="button" className="btn btn-small btn-primary" onClick={() => void applyRoomEdit()}>
                Apply
              </button>
              <button type="button" className="btn btn-small" onClick={() => setRoomEdit(null)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-small"
                disabled={!storeyId}
                onClick={() => {
                  setRuler(null);
                  setSelection(NOTHING);
                  setRoomEdit(startDraw());
                }}
              >
                Draw room
              </button>
              <button
                type="button"
                className="btn btn-small"
                title="Edit room shape (E)"
                disabled={!singleRoom(selection)}
                onClick={startEditShape}
              >
                Edit shape
              </button>
            </>
          )}
          <span className="grow" />
          <button type="button" className="btn btn-small" onClick={() => setDialog('statistics')}>
            Statistics
          </button>
          <button type="button" className="btn btn-small" disabled={storeys.length < 2} onClick={() => setDialog('merge')}>
            Merge storeys
          </button>
          <button type="button" className="btn btn-small" disabled={storeys.length === 0} onClick={() => setDialog('clean')}>
            Clean
          </button>
          <View3dEntry />
        </div>
        <div className="plan-frame">
          <PlanCanvas
            handle={plan}
            scene={scene}
            layers={layers}
            selectedKeys={selectedKeys}
            tiles={tiles}
            selectedTile={selection.kind === 'tile' && selection.storeyId === storeyId ? selection.index : null}
            rotation={arch.rotation}
            compassDegrees={model.config.compass_degrees}
            ruler={ruler}
            onRuler={setRuler}
            roomEdit={roomEdit}
            onRoomEdit={setRoomEdit}
            onRoomClose={() => void applyRoomEdit()}
            onClick={(ref, shift, double, at) => {
              setSelection((current) => clickSelect(pruneSelection(current, model), ref, shift));
              setInfo(double && ref ? { ref, at } : null);
            }}
            onBox={(refs, shift) => setSelection((current) => boxSelect(pruneSelection(current, model), refs, shift))}
            onPointer={onPointer}
          />
          <div className="plan-status">
            <span ref={readout} aria-label="Coordinates" className="coordinates" />
            {rulerText !== null && (
              <span className="ruler-length" aria-label="Ruler length">
                {formatLength(rulerText)}
              </span>
            )}
            {ruler && rulerText === null && <span className="muted">Click the start of the measurement</span>}
          </div>
          {info && <InfoCard arch={arch} info={info} onClose={() => setInfo(null)} />}
        </div>
      </div>
      <PropertiesPanel
        model={model}
        selection={selection}
        edit={(requests) => edit(requests)}
        onSelect={setSelection}
        onDelete={deleteSelected}
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
            setParams({ storey: keepId }, { replace: true });
            setSelection({ kind: 'storey', storeyId: keepId });
          }}
        />
      )}
      {dialog === 'clean' && (
        <CleanDialog
          onClose={() => setDialog(null)}
          onClean={async (settings) => {
            const cleaned = await cleanArch(model, settings);
            replaceModel(cleaned);
            setDialog(null);
            setSelection(NOTHING);
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
