import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { UNIT_GROUPS } from '@edrf/model';
import { usePopupMenu } from '../../../../ui/use-popup-menu';
import { toast } from '../../../../ui/alerts';
import { LayersBox } from '../../../../editor/LayersBox';
import { PlanView } from '../../../../editor/PlanView';
import { StoreyList } from '../../../../editor/arch/StoreyList';
import { useShownStorey } from '../../../../editor/arch/use-shown-storey';
import type { PlanAction } from '../../../../editor/plan-actions';
import type { PlanEditor } from '../../../../editor/plan-editor';
import { RULER_TOOL } from '../../../../editor/tools/ruler';
import { usePlanActions, usePlanEditor } from '../../../../editor/use-plan-editor';
import { ActionButton } from '../../../../ui/ActionButton';
import { enabled } from '../../../../ui/actions';
import { useModelEdit, useProjectState, useProjectStore } from '../../../../state/use-project';
import { SECTION_DOT_ADDRESS, addressLabels, addressesLayer } from './layers/address-labels';
import { labelTexts, unitLayers, unitsBackgroundLayers } from './layers/unit-layers';
import { UNITS_PAGE_SLOTS } from './slots';
import { PlaceUnitTool, placeToolId } from './tools/place-unit-tool';
import { DELETE, HIDDEN_DETECTOR, unitActions, type UnitsPageControls } from './tools/unit-actions';
import { UnitSelectTool } from './tools/unit-select';
import { createUnitDrags } from './tools/unit-drags';
import { UnitPanel, type Placement } from './UnitPanel';
import { UNIT_KINDS, type UnitKind } from './unit-kinds';
import { NO_SOCKET_SIRENS, hasSocketSiren, productsFor } from './units-edits';
import { DesignRun } from './design/DesignRun';
import { DesignAll } from './design/DesignAll';
import { AnalysisPanel, analysisPainter, coverageLayer, roomCountsLabels, roomCountsLayer, useAnalysis } from './analysis';
import { UnitsView3d, ViewModeSwitch, useViewMode } from './view3d';
import { changedRoomsLayer } from '../revision/changed-rooms-layer';
import '../../model/model.css';
import './units.css';

/** The count line under the layers: '3 units on this storey, 5 in the model.' */
export function unitCount(onStorey: number, inModel: number): string {
  return `${onStorey} ${onStorey === 1 ? 'unit' : 'units'} on this storey, ${inModel} in the model.`;
}

/**
 * /project/{id}/fire/units (F§2, F§4): the units placement page. The storey plan of the engine with the
 * architecture behind and the units as symbols; a tool per unit kind (toolbar and More menu), the Hidden-detector
 * toggle, and the side panel of the armed tool and the selection. docs/fire-units.md.
 */
export function UnitsPage() {
  const { model } = useProjectState();
  const store = useProjectStore();
  const edit = useModelEdit();
  const location = useLocation();
  const arch = model.arch;
  const [storeyId, showStorey] = useShownStorey(arch);
  // 2D or 3D (view3d/, docs/fire-units.md '3D mode'), in the address beside the storey.
  const mode = useViewMode();

  // The choices the placement tools read when they place: the Hidden-detector toggle, socketing, the chosen products.
  const [hidden, setHidden] = useState(false);
  const [socket, setSocket] = useState(false);
  const [chosen, setChosen] = useState<Partial<Record<UnitKind, string>>>({});
  const current = useRef({ hidden, socket, chosen });
  useLayoutEffect(() => {
    current.current = { hidden, socket, chosen };
  });

  // The analysis (analysis/, docs/fire-units.md 'Analysis'): coverage and warnings after each change.
  const [drags] = useState(createUnitDrags);
  const analysis = useAnalysis(model.arch, model.fire, { drags });
  const editor = usePlanEditor(
    () => ({
      layers: [
        ...unitsBackgroundLayers(),
        ...unitLayers(),
        ...UNITS_PAGE_SLOTS.layers,
        coverageLayer,
        roomCountsLayer,
        addressesLayer,
        changedRoomsLayer,
      ],
      defaultTool: () => new UnitSelectTool(UNITS_PAGE_SLOTS.select, drags),
      painters: [labelTexts, ...UNITS_PAGE_SLOTS.painters, analysisPainter(analysis.store)],
      // The rooms' figures under their names and the units' addresses, placed off the symbols (issue 34).
      labels: [roomCountsLabels(analysis.store), addressLabels(SECTION_DOT_ADDRESS)],
    }),
    storeyId ?? '',
  );
  const selection = editor.selection;
  const tool = editor.tool;

  const makeTool = (kind: UnitKind) =>
    new PlaceUnitTool(kind, {
      product: () => current.current.chosen[kind] ?? null,
      hidden: () => current.current.hidden,
      socket: () => current.current.socket,
      warn: (message) => toast.warning(message),
    });

  const switchStorey = (id: string) => {
    if (id !== storeyId) showStorey(id);
  };
  // The unit tools place in 3D too (view3d/place-3d.ts); the rack tools work on the plan only.
  const noStorey = !storeyId;
  const racksOff = noStorey || mode.mode === '3d';
  const action = useUnitActions(editor, {
    replaceModel: (next) => store.replaceModel(next, location.pathname + location.search),
    placeTool: (kind) => makeTool(kind),
    hidden: () => hidden,
    setHidden,
    noStorey: () => noStorey,
    racksOff: () => racksOff,
    rackSlots: UNITS_PAGE_SLOTS,
  });
  const toggleSocket = (on: boolean) => {
    if (on && !hasSocketSiren(model)) {
      toast.warning(NO_SOCKET_SIRENS);
      return;
    }
    setSocket(on);
  };

  const placement: Placement | null =
    tool instanceof PlaceUnitTool && model.fire
      ? {
          kind: tool.state.kind,
          products: productsFor(model, tool.state.kind, { socketOnly: tool.state.kind === 'siren' && socket }),
          productId: tool.productId(editor) ?? '',
          onProduct: (productId) => setChosen((was) => ({ ...was, [tool.state.kind]: productId })),
          angle: tool.state.angle,
          ...(tool.state.kind === 'siren' ? { socket, onSocket: toggleSocket } : {}),
          ...(tool.state.kind === 'detector' ? { hidden, onHidden: (on: boolean) => setHidden(on) } : {}),
        }
      : null;

  // F§2's toolbar: Detector, the Hidden-detector toggle, the other kinds, the rack tools; the More menu: the rack
  // part's entries (Plinth), then Info panel … Label. Each an action of the list above.
  const toolbarKinds = UNIT_KINDS.filter((info) => !info.more && info.kind !== 'detector').map((info) => action(placeToolId(info.kind)));
  const rackTools = UNITS_PAGE_SLOTS.toolbar.map((slot) => action(slot.id));
  const moreEntries = [
    ...UNITS_PAGE_SLOTS.more.map((slot) => action(slot.id)),
    ...UNIT_KINDS.filter((info) => info.more).map((info) => action(placeToolId(info.kind))),
  ];

  const fire = model.fire;
  // Every unit group counts, racks too (F§3 'Unit groups').
  const all = fire ? UNIT_GROUPS.flatMap((group) => Object.values(fire.units[group]) as { storey_id: string }[]) : [];
  const onStorey = all.filter((unit) => unit.storey_id === storeyId).length;
  const inModel = all.length;

  return (
    <section className="model-page units-page">
      <aside className="model-side model-left">
        <h1 className="units-title">Units</h1>
        <StoreyList arch={arch} current={storeyId} onPick={switchStorey} />
        <LayersBox editor={editor} />
        <p className="muted small">{unitCount(onStorey, inModel)}</p>
        <AnalysisPanel editor={editor} model={model} analysis={analysis} onStorey={switchStorey} />
      </aside>
      <div className="model-center">
        <div className="units-toolbar-row">
          <ViewModeSwitch mode={mode.mode} onMode={mode.setMode} />
          <div className="model-toolbar" role="toolbar" aria-label="Plan tools">
            <ActionButton action={action('fit')} />
            <ActionButton action={action(RULER_TOOL)} />
            <span className="toolbar-gap" />
            <ActionButton action={action(placeToolId('detector'))} />
            <ActionButton action={action(HIDDEN_DETECTOR)} />
            {toolbarKinds.map((kind) => (
              <ActionButton key={kind.id} action={kind} />
            ))}
            {rackTools.length === 1 && <ActionButton action={rackTools[0]!} />}
            {rackTools.length > 1 && <ToolMenu name="Rack" entries={rackTools} />}
            <ToolMenu name="More" entries={moreEntries} />
            {/* The automatic design (design/, docs/fire-units.md 'Automatic design'). */}
            <DesignRun storeyId={storeyId ?? null} />
            <DesignAll />
          </div>
        </div>
        {mode.mode === '3d' ? (
          <UnitsView3d editor={editor} storeyId={storeyId ?? null} />
        ) : (
          <div className="plan-frame">
            <PlanView editor={editor} />
          </div>
        )}
      </div>
      <UnitPanel
        model={model}
        selection={selection}
        placement={placement}
        edit={(requests) => edit(requests)}
        onDelete={action(DELETE).run}
        analysis={analysis}
      />
    </section>
  );
}

/** The page's actions (tools/unit-actions.ts) registered with the editor; a hook, so that the page may hand it closures over its refs. */
function useUnitActions(editor: PlanEditor, page: UnitsPageControls): (id: string) => PlanAction {
  return usePlanActions(editor, unitActions(editor, page));
}

/**
 * A toolbar button opening a menu of tool actions (F§2's More menu; the rack tools). It stays one short button whatever
 * is armed, so that the toolbar keeps to one line: pressed while one of its tools is active, which the button's
 * title and the panel's 'Placing: …' name; disabled when none of its entries is enabled.
 */
function ToolMenu({ name, entries }: { name: string; entries: readonly PlanAction[] }) {
  const { open, box, toggle, close } = usePopupMenu();
  const active = entries.find((entry) => entry.pressed?.());
  return (
    <div className="tool-menu" ref={box}>
      <button
        type="button"
        className={active ? 'btn btn-small active' : 'btn btn-small'}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-pressed={!!active}
        title={active ? `${name}: ${active.label}` : name}
        disabled={!entries.some(enabled)}
        onClick={toggle}
      >
        {name} ▾
      </button>
      {open && (
        <div className="tool-menu-list" role="menu" aria-label={name} style={{ top: open.top, left: open.left }}>
          {entries.map((entry) => (
            <button
              key={entry.id}
              type="button"
              role="menuitemradio"
              aria-checked={entry === active}
              title={entry.title}
              disabled={!enabled(entry)}
              onClick={() => {
                close();
                // A menu picks: the entry already armed stays armed (its action would end it).
                if (!entry.pressed?.()) entry.run();
              }}
            >
              {entry.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
