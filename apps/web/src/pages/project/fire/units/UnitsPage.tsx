import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { UNIT_GROUPS } from '@edrf/model';
import { usePopupMenu } from '../../../../ui/use-popup-menu';
import { toast } from '../../../../ui/alerts';
import { LayersBox } from '../../../../editor/LayersBox';
import { PlanView } from '../../../../editor/PlanView';
import { StoreyList } from '../../../../editor/arch/StoreyList';
import { useShownStorey } from '../../../../editor/arch/use-shown-storey';
import type { PlanEditor } from '../../../../editor/plan-editor';
import { RULER_TOOL, RulerTool } from '../../../../editor/tools/ruler';
import { FitButton, ToolButton } from '../../../../editor/ToolButtons';
import { usePlanActions as usePlanCommands, usePlanEditor } from '../../../../editor/use-plan-editor';
import { useModelEdit, useProjectState, useProjectStore } from '../../../../state/use-project';
import { SECTION_DOT_ADDRESS, addressLabels, addressesLayer } from './layers/address-labels';
import { labelTexts, unitLayers, unitsBackgroundLayers } from './layers/unit-layers';
import { UNITS_PAGE_SLOTS, type ToolSlot } from './slots';
import { PlaceUnitTool, placeToolId } from './tools/place-unit-tool';
import { unitCommands } from './tools/unit-commands';
import { UnitSelectTool } from './tools/unit-select';
import { createUnitDrags } from './tools/unit-drags';
import { UnitPanel, type Placement } from './UnitPanel';
import { KIND, UNIT_KINDS, type UnitKind } from './unit-kinds';
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
  const replaceModel = (next: typeof model) => store.replaceModel(next, location.pathname + location.search);
  const commands = unitCommands(editor, replaceModel);
  usePlanCommands(editor, [...commands, { key: 'm', run: () => editor.toggleTool(RULER_TOOL, () => new RulerTool()) }]);

  const toggleHidden = () => {
    const on = !hidden;
    setHidden(on);
    // The toggle arms the Detector tool when it turns on (it places hidden detectors while on).
    if (on && tool.id !== placeToolId('detector')) editor.useTool(makeTool('detector'));
  };
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

  // F§2's More menu: the rack part's entries (Plinth), then Info panel … Label.
  const moreEntries: ToolSlot[] = [
    ...UNITS_PAGE_SLOTS.more,
    ...UNIT_KINDS.filter((info) => info.more).map((info) => ({
      id: placeToolId(info.kind),
      label: info.label,
      title: info.label,
      make: () => makeTool(info.kind),
    })),
  ];

  const fire = model.fire;
  // Every unit group counts, racks too (F§3 'Unit groups').
  const all = fire ? UNIT_GROUPS.flatMap((group) => Object.values(fire.units[group]) as { storey_id: string }[]) : [];
  const onStorey = all.filter((unit) => unit.storey_id === storeyId).length;
  const inModel = all.length;
  // The unit tools place in 3D too (view3d/place-3d.ts); the rack tools work on the plan only.
  const noStorey = !storeyId;
  const racksOff = noStorey || mode.mode === '3d';

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
            <FitButton editor={editor} />
            <ToolButton editor={editor} id={RULER_TOOL} make={() => new RulerTool()} label="Ruler" title="Ruler (M)" />
            <span className="toolbar-gap" />
            <KindButton editor={editor} kind="detector" make={makeTool} disabled={noStorey} />
            <button
              type="button"
              className={hidden ? 'btn btn-small active' : 'btn btn-small'}
              aria-pressed={hidden}
              title="Hidden detector: while on, the Detector tool places hidden detectors"
              disabled={noStorey}
              onClick={toggleHidden}
            >
              Hidden detector
            </button>
            {UNIT_KINDS.filter((info) => !info.more && info.kind !== 'detector').map((info) => (
              <KindButton key={info.kind} editor={editor} kind={info.kind} make={makeTool} disabled={noStorey} />
            ))}
            {UNITS_PAGE_SLOTS.toolbar.length === 1 && <ToolButton editor={editor} {...UNITS_PAGE_SLOTS.toolbar[0]!} disabled={racksOff} />}
            {UNITS_PAGE_SLOTS.toolbar.length > 1 && (
              <ToolMenu editor={editor} name="Rack" entries={UNITS_PAGE_SLOTS.toolbar} disabled={racksOff} />
            )}
            <ToolMenu editor={editor} name="More" entries={moreEntries} disabled={noStorey} />
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
        onDelete={() => commands[0]!.run()}
        analysis={analysis}
      />
    </section>
  );
}

function KindButton({
  editor,
  kind,
  make,
  disabled,
}: {
  editor: PlanEditor;
  kind: UnitKind;
  make: (kind: UnitKind) => PlaceUnitTool;
  disabled: boolean;
}) {
  const label = KIND[kind].label;
  return (
    <ToolButton
      editor={editor}
      id={placeToolId(kind)}
      make={() => make(kind)}
      label={label}
      title={`${label}: press on the plan to place one; r / R turn it; Escape ends`}
      disabled={disabled}
    />
  );
}

/**
 * A toolbar button opening a menu of tools (F§2's More menu; the rack tools). It stays one short button whatever
 * is armed, so that the toolbar keeps to one line: pressed while one of its tools is active, which the button's
 * title and the panel's 'Placing: …' name.
 */
function ToolMenu({
  editor,
  name,
  entries,
  disabled,
}: {
  editor: PlanEditor;
  name: string;
  entries: readonly ToolSlot[];
  disabled: boolean;
}) {
  const { open, box, toggle, close } = usePopupMenu();
  const active = entries.find((entry) => entry.id === editor.tool.id);
  return (
    <div className="tool-menu" ref={box}>
      <button
        type="button"
        className={active ? 'btn btn-small active' : 'btn btn-small'}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-pressed={!!active}
        title={active ? `${name}: ${active.label}` : name}
        disabled={disabled}
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
              aria-checked={entry.id === editor.tool.id}
              title={entry.title}
              onClick={() => {
                close();
                if (entry.id !== editor.tool.id) editor.useTool(entry.make());
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
