import {
  DOOR_OP_TYPES,
  ROOM_TYPES,
  WALL_TYPES,
  polygonArea,
  type Model,
  type ItemKind,
  type ItemRef,
  type ReportTile,
  type RoomType,
  type WallType,
  type DoorOpType,
} from '@edrf/model';
import { Fragment } from 'react';
import type { EditRequest } from '../../../state/history';
import { MODEL_FIELD_ATTRIBUTE } from '../../../state/shortcuts';
import { setAt } from '../../../state/typed-path';
import type { Selection } from '../../../editor/selection';
import { ANGLE, NumberField } from './NumberField';

const modelField = { [MODEL_FIELD_ATTRIBUTE]: '' };

/** How an item kind is named on screen. */
export const KIND_LABELS: Partial<Record<ItemKind, string>> = {
  'arch.rooms': 'Room',
  'arch.walls': 'Wall',
  'arch.doors': 'Door',
  'arch.stairs': 'Stair',
  'arch.wall_openings': 'Opening',
  'arch.slabs': 'Floor slab',
  'arch.ceilings': 'Ceiling',
  'arch.other_objects': 'Object',
};

interface PanelProps {
  model: Model;
  selection: Selection;
  edit: (requests: EditRequest[]) => void;
  onSelect: (selection: Selection) => void;
  onDelete: () => void;
  /** The bounds of the current storey, for a new report tile. */
  storeyBounds: { min: [number, number]; max: [number, number] } | null;
}

/** The right sidebar (P§2): the selection's properties, editable where the model allows. */
export function PropertiesPanel(props: PanelProps) {
  const { selection } = props;
  return (
    <aside className="model-side model-properties" aria-label="Properties">
      {selection.kind === 'none' && <p className="muted">Select items on the plan, a storey, or the model options.</p>}
      {selection.kind === 'items' && <ItemsProperties {...props} items={selection.items} />}
      {selection.kind === 'storey' && <StoreyProperties {...props} storeyId={selection.storeyId} />}
      {selection.kind === 'tile' && <TileProperties {...props} storeyId={selection.storeyId} index={selection.index} />}
      {selection.kind === 'model' && <ModelOptions {...props} />}
    </aside>
  );
}

function ItemsProperties({ model, items, edit, onDelete }: PanelProps & { items: Extract<Selection, { kind: 'items' }>['items'] }) {
  const arch = model.arch;
  const single = items.length === 1 ? items[0]! : null;
  const counts = new Map<string, number>();
  for (const item of items) counts.set(KIND_LABELS[item.kind] ?? item.kind, (counts.get(KIND_LABELS[item.kind] ?? item.kind) ?? 0) + 1);
  const room = single?.kind === 'arch.rooms' ? arch.rooms[single.id] : undefined;
  const wall = single?.kind === 'arch.walls' ? arch.walls[single.id] : undefined;
  const door = single?.kind === 'arch.doors' ? arch.doors[single.id] : undefined;
  const facts = single ? itemFacts(arch, single) : [];
  const rooms = items.filter((item) => item.kind === 'arch.rooms');
  return (
    <>
      <h2 className="side-title">{single ? (KIND_LABELS[single.kind] ?? single.kind) : `${items.length} items selected`}</h2>
      {!single && (
        <ul className="selection-counts">
          {[...counts].map(([label, count]) => (
            <li key={label}>
              {count} × {label}
            </li>
          ))}
        </ul>
      )}
      {room && single && (
        <>
          <label className="field">
            <span>Name</span>
            <input
              {...modelField}
              autoComplete="off"
              value={room.name}
              onChange={(event) => edit([setAt(['arch', 'rooms', single.id, 'name'], event.target.value)])}
            />
          </label>
          <label className="field">
            <span>Room type</span>
            <select
              value={room.type}
              onChange={(event) => edit([setAt(['arch', 'rooms', single.id, 'type'], event.target.value as RoomType)])}
            >
              {ROOM_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </label>
          <dl className="details">
            <dt>Area</dt>
            <dd>{polygonArea(room.shape).toFixed(2)} m2</dd>
            {room.synthetic && (
              <>
                <dt>Origin</dt>
                <dd>Synthesized</dd>
              </>
            )}
          </dl>
          <p className="muted small">Key e edits the shape.</p>
        </>
      )}
      {!single && rooms.length === items.length && (
        <label className="field">
          <span>Room type</span>
          <select
            value=""
            onChange={(event) => edit(rooms.map((ref) => setAt(['arch', 'rooms', ref.id, 'type'], event.target.value as RoomType)))}
          >
            <option value="" disabled>
              Set for all…
            </option>
            {ROOM_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </label>
      )}
      {wall && single && (
        <>
          <label className="field">
            <span>Wall type</span>
            <select
              value={wall.type}
              onChange={(event) => edit([setAt(['arch', 'walls', single.id, 'type'], event.target.value as WallType)])}
            >
              {WALL_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Fire rating</span>
            <input
              {...modelField}
              autoComplete="off"
              placeholder="e.g. EI 60"
              value={wall.fire_rating}
              onChange={(event) => edit([setAt(['arch', 'walls', single.id, 'fire_rating'], event.target.value)])}
            />
          </label>
        </>
      )}
      {facts.length > 0 && (
        <dl className="details">
          {facts.map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      {door && single && (
        <>
          <label className="field">
            <span>Swing</span>
            <select
              value={door.op_type}
              onChange={(event) => edit([setAt(['arch', 'doors', single.id, 'op_type'], event.target.value as DoorOpType)])}
            >
              {DOOR_OP_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={door.exterior}
              onChange={(event) => edit([setAt(['arch', 'doors', single.id, 'exterior'], event.target.checked)])}
            />
            Exterior door
          </label>
        </>
      )}
      <button type="button" className="btn btn-danger-quiet btn-small" onClick={onDelete}>
        Delete
      </button>
    </>
  );
}

function StoreyProperties({ model, storeyId, edit, onSelect, storeyBounds }: PanelProps & { storeyId: string }) {
  const storey = model.arch.storeys[storeyId];
  if (!storey) return null;
  const tiles = model.config.report_tiles[storeyId] ?? [];
  const addTile = () => {
    const tile: ReportTile = storeyBounds ?? { min: [0, 0], max: [10, 10] };
    edit([setAt(['config', 'report_tiles', storeyId], [...tiles, tile])]);
    onSelect({ kind: 'tile', storeyId, index: tiles.length });
  };
  return (
    <>
      <h2 className="side-title">Storey</h2>
      <label className="field">
        <span>Storey name</span>
        <input
          {...modelField}
          autoComplete="off"
          value={storey.name}
          onChange={(event) => edit([setAt(['arch', 'storeys', storeyId, 'name'], event.target.value)])}
        />
      </label>
      <NumberField
        label="Storey number"
        value={storey.number}
        decimals={0}
        min={-100}
        max={1000}
        onCommit={(value) => edit([setAt(['arch', 'storeys', storeyId, 'number'], value)])}
      />
      <dl className="details">
        <dt>Floor</dt>
        <dd>{storey.height.min_z.toFixed(2)} m</dd>
        <dt>Top</dt>
        <dd>{storey.height.max_z.toFixed(2)} m</dd>
        <dt>Rooms</dt>
        <dd>{storey.rooms.length}</dd>
      </dl>
      <h3 className="side-subtitle">Report tiles</h3>
      {tiles.length === 0 && <p className="muted small">No report tiles</p>}
      <ul className="tile-list">
        {tiles.map((tile, index) => (
          <li key={index}>
            <button type="button" className="link-button" onClick={() => onSelect({ kind: 'tile', storeyId, index })}>
              Tile {index + 1}
            </button>{' '}
            <span className="muted small">
              {tile.max[0] - tile.min[0] > 0
                ? `${(tile.max[0] - tile.min[0]).toFixed(1)} × ${(tile.max[1] - tile.min[1]).toFixed(1)} m`
                : ''}
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-small" onClick={addTile}>
        Add tile
      </button>
    </>
  );
}

function TileProperties({ model, storeyId, index, edit, onSelect }: PanelProps & { storeyId: string; index: number }) {
  const tiles = model.config.report_tiles[storeyId] ?? [];
  const tile = tiles[index];
  if (!tile) return null;
  const path = ['config', 'report_tiles', storeyId];
  const setCorner = (corner: 'min' | 'max', axis: 0 | 1, value: number) => {
    const next: ReportTile = { min: [...tile.min], max: [...tile.max] };
    next[corner][axis] = value;
    // min never passes max (the model requires it): the other corner follows.
    if (next.min[axis] > next.max[axis]) next[corner === 'min' ? 'max' : 'min'][axis] = value;
    edit([{ path, value: tiles.map((t, i) => (i === index ? next : t)) }]);
  };
  return (
    <>
      <h2 className="side-title">Report tile {index + 1}</h2>
      <p className="muted small">Storey {model.arch.storeys[storeyId]?.name ?? storeyId}</p>
      <NumberField label="Min x" value={tile.min[0]} onCommit={(v) => setCorner('min', 0, v)} />
      <NumberField label="Min y" value={tile.min[1]} onCommit={(v) => setCorner('min', 1, v)} />
      <NumberField label="Max x" value={tile.max[0]} onCommit={(v) => setCorner('max', 0, v)} />
      <NumberField label="Max y" value={tile.max[1]} onCommit={(v) => setCorner('max', 1, v)} />
      <button
        type="button"
        className="btn btn-danger-quiet btn-small"
        onClick={() => {
          edit([{ path, value: tiles.filter((_, i) => i !== index) }]);
          onSelect({ kind: 'storey', storeyId });
        }}
      >
        Remove tile
      </button>
    </>
  );
}

function ModelOptions({ model, edit }: PanelProps) {
  return (
    <>
      <h2 className="side-title">Model options</h2>
      <NumberField
        label="Model rotation"
        value={model.arch.rotation}
        {...ANGLE}
        onCommit={(value) => edit([setAt(['arch', 'rotation'], value)])}
      />
      <NumberField
        label="Compass degrees"
        value={model.config.compass_degrees}
        {...ANGLE}
        onCommit={(value) => edit([setAt(['config', 'compass_degrees'], value)])}
      />
    </>
  );
}

const metres = (z: number) => `${z.toFixed(2)} m`;

/** What the plan does not show of the items without editable fields: read-only facts. */
function itemFacts(arch: Model['arch'], ref: ItemRef): [string, string][] {
  switch (ref.kind) {
    case 'arch.other_objects': {
      const object = arch.other_objects[ref.id];
      if (!object) return [];
      return [
        ['Name', object.name || '—'],
        ['Type', object.type || '—'],
        ['Vent type', object.vent_type],
        ['Height', `${metres(object.min_z)} – ${metres(object.max_z)}`],
      ];
    }
    case 'arch.stairs':
    case 'arch.slabs':
    case 'arch.wall_openings': {
      const item =
        ref.kind === 'arch.stairs' ? arch.stairs[ref.id] : ref.kind === 'arch.slabs' ? arch.slabs[ref.id] : arch.wall_openings[ref.id];
      return item ? [['Height', `${metres(item.min_z)} – ${metres(item.max_z)}`]] : [];
    }
    case 'arch.ceilings': {
      const ceiling = arch.ceilings[ref.id];
      return ceiling
        ? [
            ['Height', metres(ceiling.z)],
            ['Grid lines', String(ceiling.grid_lines.length)],
          ]
        : [];
    }
    default:
      return [];
  }
}
