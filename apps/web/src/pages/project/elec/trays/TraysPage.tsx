import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_TRAY_WIDTH } from '@edrf/model';
import { LayersBox } from '../../../../editor/LayersBox';
import { PlanView } from '../../../../editor/PlanView';
import { archLayers } from '../../../../editor/arch/arch-layers';
import { StoreyList, StoreyOptions } from '../../../../editor/arch/StoreyList';
import { storeysTopDown } from '../../../../editor/arch/storeys';
import { useShownStorey } from '../../../../editor/arch/use-shown-storey';
import { NOTHING } from '../../../../editor/selection';
import { RULER_TOOL, RulerTool } from '../../../../editor/tools/ruler';
import { toolAction } from '../../../../editor/ToolButtons';
import { SelectTool } from '../../../../editor/tools/select';
import { usePlanActions, usePlanEditor } from '../../../../editor/use-plan-editor';
import { useModelEdit, useProjectState, useProjectStore } from '../../../../state/use-project';
import { ActionButton } from '../../../../ui/ActionButton';
import { NumberField } from '../../model/NumberField';
import { deleteSelection } from '../../model/model-edits';
import { TRAYS_LAYER, trayEndHandles, trayLayer } from './layers/tray-layer';
import { trayDrag } from './tools/tray-drag';
import { TRAY_TOOL, TrayTool } from './tools/tray-tool';
import { VERTICAL_TRAY_TOOL, VerticalTrayTool } from './tools/vertical-tray-tool';
import { TrayPanel } from './TrayPanel';
import '../../model/model.css';
import './trays.css';

/** The count line under the storeys: '1 tray in the model, 0 on this storey.' */
export const trayCount = (inModel: number, onStorey: number): string =>
  `${inModel} ${inModel === 1 ? 'tray' : 'trays'} in the model, ${onStorey} on this storey.`;

/** /project/{id}/electrical/conduits: the electrical trays screen (P§2, P§4 Tray placement), one tab 'Conduits'. */
export function TraysPage() {
  const { model } = useProjectState();
  const store = useProjectStore();
  const edit = useModelEdit();
  const location = useLocation();
  const arch = model.arch;
  const [storeyId, showStorey] = useShownStorey(arch);
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
    if (id !== storeyId) showStorey(id);
  };
  const deleteSelected = () => {
    if (selection.kind !== 'items') return;
    store.replaceModel(deleteSelection(model, selection.items), location.pathname + location.search);
    editor.select(NOTHING);
  };
  const makeTray = () => new TrayTool(() => current.current.width);
  const makeVertical = () =>
    new VerticalTrayTool(
      () => current.current.riseTo,
      () => current.current.width,
    );

  // Keys and buttons: t tray, v vertical tray, m ruler, Delete; Enter and Escape are the tools' own (docs/editor.md).
  const action = usePlanActions(editor, [
    toolAction(editor, { id: RULER_TOOL, make: () => new RulerTool() }, { label: 'Ruler', title: 'Ruler (M)', key: 'm' }),
    // Spelled out rather than through toolAction: the tools read the toolbar's values (refs) when they place.
    {
      id: TRAY_TOOL,
      label: 'Tray',
      title: 'Tray (T): click the start, then each end; Escape ends',
      key: 't',
      when: () => !!storeyId,
      pressed: () => editor.tool.id === TRAY_TOOL,
      run: () => editor.toggleTool(TRAY_TOOL, makeTray),
    },
    {
      id: VERTICAL_TRAY_TOOL,
      label: 'Vertical tray',
      title: 'Vertical tray (V): one tray per storey pair up or down to the chosen storey',
      key: 'v',
      when: () => storeys.length >= 2,
      pressed: () => editor.tool.id === VERTICAL_TRAY_TOOL,
      run: () => editor.toggleTool(VERTICAL_TRAY_TOOL, makeVertical),
    },
    { id: 'delete', label: 'Delete', key: ['Delete', 'Backspace'], when: () => selection.kind === 'items', run: deleteSelected },
  ]);

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
          {trayCount(Object.keys(model.elec.trays).length, editor.scene.items.filter((item) => item.layer === TRAYS_LAYER).length)}
        </p>
      </aside>
      <div className="model-center">
        <div className="model-toolbar" role="toolbar" aria-label="Plan tools">
          <ActionButton action={action('fit')} />
          <ActionButton action={action(RULER_TOOL)} />
          <ActionButton action={action(TRAY_TOOL)} />
          <ActionButton action={action(VERTICAL_TRAY_TOOL)} />
          {toolId === VERTICAL_TRAY_TOOL && (
            <label className="toolbar-field">
              <span>Rise to</span>
              <select value={riseTo ?? ''} onChange={(event) => setRiseTo(event.target.value || null)}>
                {riseTo === null && <option value="">Choose a storey</option>}
                <StoreyOptions arch={arch} except={storeyId} />
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
      <TrayPanel model={model} selection={selection} edit={(requests) => edit(requests)} onDelete={action('delete').run} />
    </section>
  );
}
