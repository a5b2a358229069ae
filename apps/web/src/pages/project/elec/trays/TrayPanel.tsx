import type { Model, Point3, Tray } from '@edrf/model';
import { toast } from '../../../../ui/alerts';
import { StoreyOptions } from '../../../../editor/arch/StoreyList';
import type { Selection } from '../../../../editor/selection';
import type { EditRequest } from '../../../../state/history';
import { MODEL_FIELD_ATTRIBUTE } from '../../../../state/shortcuts';
import { NumberField } from '../../model/NumberField';
import { isVerticalTray, trayFieldEdits, type TrayField, type TrayFields } from './tray-edits';

interface TrayPanelProps {
  model: Model;
  selection: Selection;
  edit: (requests: EditRequest[]) => void;
  onDelete: () => void;
}

const AXES = ['x', 'y', 'z'] as const;

/** The right sidebar of the trays screen: the selected tray's width, ends and storeys (P§3 Tray), or a count and Delete. */
export function TrayPanel({ model, selection, edit, onDelete }: TrayPanelProps) {
  const trays =
    selection.kind === 'items' ? selection.items.flatMap((ref) => (ref.kind === 'elec.trays' ? (model.elec.trays[ref.id] ?? []) : [])) : [];
  return (
    <aside className="model-side model-properties" aria-label="Properties">
      {trays.length === 0 && <p className="muted">Select a tray on the plan, or draw one with the Tray tool.</p>}
      {trays.length === 1 && <TrayFieldsForm model={model} tray={trays[0]!} edit={edit} />}
      {trays.length > 1 && <h2 className="side-title">{trays.length} trays selected</h2>}
      {trays.length > 0 && (
        <button type="button" className="btn btn-danger-quiet btn-small" onClick={onDelete}>
          Delete
        </button>
      )}
    </aside>
  );
}

function TrayFieldsForm({ model, tray, edit }: { model: Model; tray: Tray; edit: (requests: EditRequest[]) => void }) {
  const set = <F extends TrayField>(field: F, value: TrayFields[F]) => {
    try {
      edit(trayFieldEdits(model, tray.id, field, value));
    } catch (error) {
      toast.error(`Failed to update tray: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const point = (which: 'start' | 'end') => (
    <fieldset className="point-fields" aria-label={which === 'start' ? 'Start' : 'End'}>
      <legend>{which === 'start' ? 'Start' : 'End'}</legend>
      {AXES.map((axis, i) => (
        <NumberField
          key={axis}
          label={`${which === 'start' ? 'Start' : 'End'} ${axis}`}
          value={Math.round(tray[which][i]! * 1000) / 1000}
          onCommit={(value) => set(which, tray[which].map((v, k) => (k === i ? value : v)) as Point3)}
        />
      ))}
    </fieldset>
  );
  const length = Math.hypot(tray.end[0] - tray.start[0], tray.end[1] - tray.start[1], tray.end[2] - tray.start[2]);
  return (
    <>
      <h2 className="side-title">{isVerticalTray(tray) ? 'Vertical tray' : 'Tray'}</h2>
      <NumberField label="Width" value={tray.width} min={0.01} onCommit={(value) => set('width', value)} />
      {point('start')}
      {point('end')}
      <label className="field">
        <span>Storey</span>
        <select {...{ [MODEL_FIELD_ATTRIBUTE]: '' }} value={tray.storey_id} onChange={(event) => set('storey_id', event.target.value)}>
          <StoreyOptions arch={model.arch} />
        </select>
      </label>
      <label className="field">
        <span>To storey</span>
        <select
          {...{ [MODEL_FIELD_ATTRIBUTE]: '' }}
          value={tray.to_storey_id}
          onChange={(event) => set('to_storey_id', event.target.value)}
        >
          <option value="">None</option>
          <StoreyOptions arch={model.arch} />
        </select>
      </label>
      <dl className="details">
        <dt>Length</dt>
        <dd>{length.toFixed(2)} m</dd>
        <dt>Id</dt>
        <dd>{tray.id}</dd>
      </dl>
    </>
  );
}
