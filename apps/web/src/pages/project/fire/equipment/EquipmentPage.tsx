import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../../../ui/alerts';
import { PlanView } from '../../../../editor/PlanView';
import { ActionButton } from '../../../../ui/ActionButton';
import { NOTHING } from '../../../../editor/selection';
import { SelectTool } from '../../../../editor/tools/select';
import { toolAction } from '../../../../editor/ToolButtons';
import { usePlanActions } from '../../../../editor/use-plan-editor';
import { applyEdits } from '../../../../state/history';
import { useModelEdit, useProjectState, useProjectStore } from '../../../../state/use-project';
import { ADD_KINDS, WARNING_MS, deleteEdits, deletesLastRack, type EquipmentResult } from './equipment-edits';
import { EquipmentPanel } from './EquipmentPanel';
import { equipmentLayers } from './layers/equipment-layers';
import { equipmentPainters } from './layers/equipment-painters';
import { AddTool, addToolId } from './tools/add-tool';
import { RackRoutesRun } from './tools/RackRoutesRun';
import { equipmentDrag, type Report } from './tools/equipment-drag';
import { SchematicState } from './tools/schematic-state';
import { useSchematicEditor } from './use-schematic-editor';
import { deleteAsking, withRackRoutes } from '../units/racks/rack-delete';
import '../../model/model.css';
import './equipment.css';

/**
 * /project/{id}/fire/equipment (F§2, F§4 'Rack view'): the racks side by side on a schematic canvas with their units,
 * cables and cable routes; a top bar of Adds and Done adding; the side panel of the selection. Everything goes
 * through the project store (undo, redo, sync). docs/fire-equipment.md.
 */
export function EquipmentPage() {
  const { model } = useProjectState();
  const store = useProjectStore();
  const edit = useModelEdit();
  const navigate = useNavigate();
  const location = useLocation();
  const { projectId = '' } = useParams();
  const [state] = useState(() => new SchematicState());

  const report: Report = (result: EquipmentResult, editor) => {
    if (result.logged) console.warn(result.logged);
    if (result.requests.length > 0) editor.target.edit(result.requests);
    if (result.toast) {
      const { kind, message } = result.toast;
      toast[kind](message, kind === 'warning' ? WARNING_MS : undefined);
    }
    if (result.select && result.requests.length > 0) editor.select({ kind: 'items', items: [result.select] });
    else if (result.select && editor.selection.kind === 'none') editor.select({ kind: 'items', items: [result.select] });
  };

  const editor = useSchematicEditor(() => ({
    layers: equipmentLayers(),
    defaultTool: () => new SelectTool({ drag: equipmentDrag(state, report), accept: (item) => item.ref.id !== '' }),
    painters: equipmentPainters(state),
    schematic: true,
  }));

  const deleteSelected = () => {
    const selection = editor.selection;
    if (selection.kind !== 'items') return;
    const refs = selection.items;
    const first = store.getState().model;
    const page = location.pathname + location.search;
    // A rack whose loops would go asks first (issue 34, units/racks/rack-delete.ts).
    deleteAsking(first, refs, applyEdits(first, deleteEdits(first, withRackRoutes(first, refs))).model, () => {
      const before = store.getState().model;
      // A delete is an undo step of its own (as on the units page), never batched with the edit before it.
      const after = applyEdits(before, deleteEdits(before, withRackRoutes(before, refs))).model;
      editor.select(NOTHING);
      if (deletesLastRack(before, refs)) {
        // F§2: deleting the last rack takes the user to /fire/units; the edit follows the move, rendered at once
        // (flushSync: a transition would let the guard see this page without a rack first and send the user to
        // Sections when the model has detectors). Undo brings the user back here.
        void Promise.resolve(navigate(`/project/${encodeURIComponent(projectId)}/fire/units`, { flushSync: true })).then(() =>
          store.replaceModel(after, page),
        );
        return;
      }
      store.replaceModel(after, page);
    });
  };

  const action = usePlanActions(editor, [
    { id: 'delete', label: 'Delete', key: ['Delete', 'Backspace'], when: () => editor.selection.kind === 'items', run: deleteSelected },
    ...ADD_KINDS.map((info) =>
      toolAction(
        editor,
        { id: addToolId(info.kind), make: () => new AddTool(info.kind, state, report) },
        {
          label: info.label,
          title:
            info.kind === 'cable' ? 'Cable: press on the placement marker to add a cable' : `${info.label}: press inside a rack to add one`,
        },
      ),
    ),
  ]);

  const tool = editor.tool;
  const adding = ADD_KINDS.find((k) => tool.id === addToolId(k.kind));

  return (
    <section className="model-page equipment-page">
      <div className="model-center">
        <div className="model-toolbar" role="toolbar" aria-label="Equipment tools">
          <ActionButton action={action('fit')} />
          <span className="toolbar-gap" />
          <span className="toolbar-caption">Add</span>
          {ADD_KINDS.map((info) => (
            <ActionButton key={info.kind} action={action(addToolId(info.kind))} />
          ))}
          {/* The engine's Cancel (Escape), in this page's words: it ends the armed Add. */}
          <ActionButton action={{ ...action('cancel'), label: 'Done adding', title: 'Done adding (Escape)' }} />
          <span className="toolbar-gap" />
          <RackRoutesRun />
        </div>
        <div className="plan-frame">
          <PlanView editor={editor} />
        </div>
        <p className="muted small equipment-hint" aria-label="Equipment status">
          {adding
            ? adding.kind === 'cable'
              ? 'Adding cables: press to add one at the marker; Escape or Done adding ends.'
              : `Adding: ${adding.label}. Press inside a rack; Escape or Done adding ends.`
            : 'Drag units within a rack or onto another; drop outside every rack to remove. Drag cable ends onto units.'}
        </p>
      </div>
      <EquipmentPanel model={model} selection={editor.selection} edit={(requests) => edit(requests)} onDelete={action('delete').run} />
    </section>
  );
}
