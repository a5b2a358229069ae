import type { ComponentType } from 'react';
import type { Model } from '@edrf/model';
import type { PlanLayer } from '../../../../editor/layers';
import type { OverlayPainter } from '../../../../editor/overlay';
import type { Selection } from '../../../../editor/selection';
import type { PlanTool } from '../../../../editor/tool';
import type { EditRequest } from '../../../../state/history';
import type { SelectExtension } from './tools/unit-select';
import { IoPanel } from './io/IoPanel';
import { ioProductEdits } from './io/io-edits';
import { RackPanel } from './racks/RackPanel';
import { rackLayer } from './racks/rack-layer';
import { rackSelectExtension } from './racks/rack-select';
import { PLINTH_TOOL_SLOT, RACK_TOOL_SLOTS } from './racks/rack-tools';

/**
 * Where the parts of the units page that others build plug in (docs/fire-units.md, 'Hooks'): the rack tools
 * (F§2 'Rack with central and plinth' / 'Central alone' in the toolbar, 'Plinth' in the More menu) with their
 * layer, and the I/O unit's inputs and outputs in the side panel. The page reads UNITS_PAGE_SLOTS once; a part
 * fills its entries here, importing from its own folder (racks/, io/), and changes nothing else of the page.
 */

/** A tool button: pressed while the tool `id` is active; a press arms `make()` (again: ends it). */
export interface ToolSlot {
  /** The PlanTool's id. */
  id: string;
  label: string;
  title: string;
  make: () => PlanTool;
}

export interface UnitPanelSlotProps {
  model: Model;
  selection: Selection;
  edit: (requests: EditRequest[]) => void;
}

export interface UnitsPageSlots {
  /** Toolbar buttons after Annunciator (F§2: the rack tools). */
  toolbar: readonly ToolSlot[];
  /** More menu entries before Info panel (F§2: Plinth). */
  more: readonly ToolSlot[];
  /** Plan layers of those parts (the racks); their items are picked when `select.accept` takes them. */
  layers: readonly PlanLayer[];
  painters: readonly OverlayPainter[];
  /** The racks in the page's select tool: picking, dragging, r / R. */
  select: SelectExtension;
  /** The side panel for a selection of one item the units panel does not edit (a rack); null: it shows a count. */
  panel: ComponentType<UnitPanelSlotProps> | null;
  /** An I/O unit's inputs and outputs under its fields in the side panel (F§3, F§5 caps). */
  ioFields: ComponentType<{ model: Model; unitId: string; edit: (requests: EditRequest[]) => void }> | null;
  /** How an I/O unit's product is written (trimming its inputs and outputs to the new product's counts, F§5); null: a plain write. */
  ioProductEdits: ((model: Model, unitId: string, productId: string) => EditRequest[]) | null;
}

/** What is plugged in: the racks (racks/: their tools, the More menu's Plinth) and the I/O unit's inputs and outputs (io/). */
export const UNITS_PAGE_SLOTS: UnitsPageSlots = {
  toolbar: RACK_TOOL_SLOTS,
  more: [PLINTH_TOOL_SLOT],
  layers: [rackLayer()],
  painters: [],
  select: rackSelectExtension,
  panel: RackPanel,
  ioFields: IoPanel,
  ioProductEdits,
};
