import type { Model } from '@edrf/model';
import type { PlanAction } from '../../../../../editor/plan-actions';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { NOTHING } from '../../../../../editor/selection';
import { RULER_TOOL, RulerTool } from '../../../../../editor/tools/ruler';
import { toolAction } from '../../../../../editor/ToolButtons';
import { deleteSelection } from '../../../model/model-edits';
import { deleteAsking, withRackRoutes } from '../racks/rack-delete';
import type { ToolSlot } from '../slots';
import { KIND, UNIT_KINDS, type UnitKind } from '../unit-kinds';
import { placeToolId, type PlaceUnitTool } from './place-unit-tool';

/** The Hidden-detector toggle's action (F§2). */
export const HIDDEN_DETECTOR = 'hidden-detector';
export const DELETE = 'delete';

/** What the page's actions read of the page: how it writes the model, its placement choices, where tools work. */
export interface UnitsPageControls {
  replaceModel: (model: Model) => void;
  /** A placement tool of the kind, reading the page's choices (product, hidden, socket) when it places. */
  placeTool: (kind: UnitKind) => PlaceUnitTool;
  hidden: () => boolean;
  setHidden: (on: boolean) => void;
  /** Unit tools need a storey (they place in 3D too); rack tools need the plan (racksOff: no storey, or 3D). */
  noStorey: () => boolean;
  racksOff: () => boolean;
  /** The rack part's tools (slots.ts): the toolbar's (a Rack menu when several) and the More menu's. */
  rackSlots: { toolbar: readonly ToolSlot[]; more: readonly ToolSlot[] };
}

/**
 * The units page's actions (docs/fire-units.md): its keys, toolbar buttons and the Rack and More menus read this one
 * list. Delete and Backspace remove the selection with the model's cascade (deleteSelection: a deleted detector's
 * socketed sirens stay, unsocketed; the unit's section address and route nodes let go of it) as one undo step of its
 * own; M is the ruler; a tool per unit kind and per rack part; the Hidden-detector toggle. r and R are the tools' (F§4).
 */
export function unitActions(editor: PlanEditor, page: UnitsPageControls): PlanAction[] {
  const deleteSelected = () => {
    const selection = editor.selection;
    if (selection.kind !== 'items') return;
    const before = editor.model;
    // A rack whose loops would go asks first (issue 34, racks/rack-delete.ts); the delete applies to the model then.
    const refs = selection.items;
    deleteAsking(before, refs, deleteSelection(before, withRackRoutes(before, refs)), () => {
      page.replaceModel(deleteSelection(editor.model, withRackRoutes(editor.model, refs)));
      editor.select(NOTHING);
    });
  };
  const onStorey = () => !page.noStorey();
  const slotAction = (slot: ToolSlot, when: () => boolean) => toolAction(editor, slot, { label: slot.label, title: slot.title, when });
  return [
    { id: DELETE, label: 'Delete', key: ['Delete', 'Backspace'], when: () => editor.selection.kind === 'items', run: deleteSelected },
    toolAction(editor, { id: RULER_TOOL, make: () => new RulerTool() }, { label: 'Ruler', title: 'Ruler (M)', key: 'm' }),
    ...UNIT_KINDS.map(({ kind }) =>
      toolAction(
        editor,
        { id: placeToolId(kind), make: () => page.placeTool(kind) },
        {
          label: KIND[kind].label,
          title: `${KIND[kind].label}: press on the plan to place one; r / R turn it; Escape ends`,
          when: onStorey,
        },
      ),
    ),
    {
      id: HIDDEN_DETECTOR,
      label: 'Hidden detector',
      title: 'Hidden detector: while on, the Detector tool places hidden detectors',
      when: onStorey,
      pressed: page.hidden,
      run: () => {
        const on = !page.hidden();
        page.setHidden(on);
        // The toggle arms the Detector tool when it turns on (it places hidden detectors while on).
        const detector = placeToolId('detector');
        if (on && editor.tool.id !== detector) editor.useTool(page.placeTool('detector'));
      },
    },
    ...page.rackSlots.toolbar.map((slot) => slotAction(slot, () => !page.racksOff())),
    ...page.rackSlots.more.map((slot) => slotAction(slot, onStorey)),
  ];
}
