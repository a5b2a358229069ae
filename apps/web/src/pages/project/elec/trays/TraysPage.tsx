import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DEFAULT_TRAY_WIDTH } from '@edrf/model';
import { LayersBox } from '../../../../editor/LayersBox';
import { PlanView } from '../../../../editor/PlanView';
import { archLayers } from '../../../../editor/arch/arch-layers';
import { StoreyList } from '../../../../editor/arch/StoreyList';
import { defaultStorey, storeysTopDown } from '../../../../editor/arch/storeys';
import { NOTHING } from '../../../../editor/selection';
import { RulerTool } from '../../../../editor/tools/ruler';
import { SelectTool } from '../../../../editor/tools/select';
import { usePlanCommands, usePlanEditor } from '../../../../editor/use-plan-editor';
import { useModelEdit, useProjectState, useProjectStore } from '../../../../state/use-project';
import { NumberField } from '../../model/NumberField';
import { deleteSelection } from '../../model/model-edits';
import { TRAYS_LAYER, trayEndHandles, trayLayer } from './layers/tray-layer';
import { trayDrag } from './tools/tray-drag';
import { TRAY_TOOL, TrayTool } from './tools/tray-tool';
import { VERTICAL_TRAY_TOOL, VerticalTrayTool } from './tools/vertical-tray-tool';
import { TrayPanel } from './TrayPanel';
import '../../model/model.css';
import './trays.css';

/** /project/{id}/electrical/conduits: the electrical trays screen (P§2, P§4 Tray placement), one tab 'Conduits'. */
export function TraysPage() {
  const { model } = useProjectState();
  const store = useProjectStore();
  const edit = useModelEdit();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const arch = model.arch;
  const requested = params.get('storey');
  const storeyId = requested && arch.storeys[requested] ? requested : defaultStorey(arch);
  const [width, setWidth] = useState(DEFAULT_TRAY_WIDTH);
  const storeys = storeysTopDown(arch);
  // Vertical mode rises to the chosen storey; by default the one above the shown storey.
  const above = storeys[storeys.findIndex((storey) => storey.id === storeyId) - 1]?.id ?? null;
  const [chosenRise, setRiseTo] = useState<string | null>(null);
  const riseTo = chosenRise && chosenRise !== storeyId && arch.storeys[chosenRise] ? chosenRise : above;
  // The tools read the toolbar's values when they place a tray.
  const current = useRef({ width, riseTo });
  useLayoutEffect(() => {
    current.current = { width, riseTo };
  });

  const editor = usePlanEditor(
    () => ({
      layers: [...archLayers({ pickable: false, roomFill: 'plain' }), trayLayer()],
      defaultTool: () => new SelectTool({ drag: trayDrag, accept: (item) => item.layer === TRAYS_LAYER }),
      painters: [trayEndHandles],
    }),
    storeyId ?? '',
  );
  const selection = editor.selection;
  const toolId = editor.tool.id;

  const switchStorey = (id: string) => {
    if (id !== storeyId) setParams({ storey: id }, { replace: true });
  };
  const deleteSelected = () => {
    if (selection.kind !== 'items') return;
    store.replaceModel(deleteSelection(model, selection.items), location.pathname + location.search);
    editor.select(NOTHING);
  };
  const toggle = (id: string, make: () => Parameters<typeof editor.useTool>[0]) => {
    if (toolId === id) editor.endTool();
    else editor.useTool(make());
  };
  const trayTool = () => toggle(TRAY_TOOL, () => new TrayTool(() => current.current.width));
  const verticalTool = () =>
    toggle(
      VERTICAL_TRAY_TOOL,
      () =>
        new VerticalTrayTool(
          () => current.current.riseTo,
          () => current.current.width,
        ),
    );
  const ruler = () => toggle('ruler', () => new RulerTool());

  // Keys: t tray, v vertical tray, m ruler, Delete; Enter and Escape are the tools' own (docs/editor.md).
  usePlanCommands(editor, [
    { key: 't', run: trayTool },
    { key: 'v', run: verticalTool },
    { key: 'm', run: ruler },
    { key: ['Delete', 'Backspace'], run: deleteSelected },
  ]);

  const pressed = (id: string) => (toolId === id ? 'btn btn-small active' : 'btn btn-small');
  return (
    <section className="model-page trays-page">
      <aside className="model-side model-left">
        <nav className="screen-tabs" role="tablist" aria-label="Electrical">
          <span role="tab" aria-selected="true" className="screen-tab current">
            Conduits
          </span>
        </nav>
        <StoreyList arch={arch} current={storeyId} onPick={switchStorey} />
        <LayersBox editor={editor} />
        <p className="muted small">
          {Object.keys(model.elec.trays).length} trays in the model,{' '}
          {editor.scene.items.filter((item) => item.layer === TRAYS_LAYER).length} on this storey.
        </p>
      </aside>
      <div className="model-center">
        <div className="model-toolbar" role="toolbar" aria-label="Plan tools">
          <button type="button" className="btn btn-small" title="Fit to storey (F)" onClick={() => editor.fit()}>
            Fit
          </button>
          <button type="button" className={pressed('ruler')} aria-pressed={toolId === 'ruler'} title="Ruler (M)" onClick={ruler}>
            Ruler
          </button>
          <button
            type="button"
            className={pressed(TRAY_TOOL)}
            aria-pressed={toolId === TRAY_TOOL}
            title="Tray (T): click the start, then each end; Escape ends"
            disabled={!storeyId}
            onClick={trayTool}
          >
            Tray
          </button>
          <button
            type="button"
            className={pressed(VERTICAL_TRAY_TOOL)}
            aria-pressed={toolId === VERTICAL_TRAY_TOOL}
            title="Vertical tray (V): one tray per storey pair up or down to the chosen storey"
            disabled={storeys.length < 2}
            onClick={verticalTool}
          >
            Vertical tray
          </button>
          {toolId === VERTICAL_TRAY_TOOL && (
            <label className="toolbar-field">
              <span>Rise to</span>
              <select value={riseTo ?? ''} onChange={(event) => setRiseTo(event.target.value || null)}>
                {riseTo === null && <option value="">Choose a storey</option>}
                {storeys
                  .filter((storey) => storey.id !== storeyId)
                  .map((storey) => (
                    <option key={storey.id} value={storey.id}>
                      {storey.number} {storey.name}
                    </option>
                  ))}
              </select>
            </label>
          )}
          <div className="toolbar-field">
            <NumberField label="New tray width" value={width} min={0.01} onCommit={setWidth} />
          </div>
        </div>
        <div className="plan-frame">
          <PlanView editor={editor} />
        </div>
      </div>
      <TrayPanel model={model} selection={selection} edit={(requests) => edit(requests)} onDelete={deleteSelected} />
    </section>
  );
}
