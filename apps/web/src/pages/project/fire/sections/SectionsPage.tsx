import { useLocation } from 'react-router';
import { LayersBox } from '../../../../editor/LayersBox';
import { PlanView } from '../../../../editor/PlanView';
import { StoreyList } from '../../../../editor/arch/StoreyList';
import { useShownStorey } from '../../../../editor/arch/use-shown-storey';
import { NOTHING } from '../../../../editor/selection';
import { PolygonTool } from '../../../../editor/tools/polygon';
import { ApplyBar } from '../../../../editor/ToolButtons';
import { usePlanActions, usePlanEditor } from '../../../../editor/use-plan-editor';
import { applyEdits, type EditRequest } from '../../../../state/history';
import { useModelEdit, useProjectState, useProjectStore } from '../../../../state/use-project';
import { ActionButton } from '../../../../ui/ActionButton';
import { SectionWarnings } from './analysis/SectionWarnings';
import { useSectionsAnalysis } from './analysis/use-sections-analysis';
import { sectionsLabels, sectionsLayers, sectionsPainters } from './layers/section-layers';
import { SectionsRun } from './run/SectionsRun';
import { SectionList } from './SectionList';
import { SectionPanel } from './SectionPanel';
import { SectionsMenu } from './SectionsMenu';
import { roomStoreys } from './section-lookup';
import { pickOf, selectSection } from './section-selection';
import { addSectionEdits } from './sections-edits';
import { sectionActions } from './tools/section-commands';
import { PART_SHAPE } from './tools/part-shape-tool';
import { SECTION_EDIT, SectionEditTool } from './tools/section-edit-tool';
import { SectionSelectTool } from './tools/section-select';
import '../../model/model.css';
import '../units/units.css';
import './sections.css';

/**
 * /project/{id}/fire/sections (F§2, F§3 Sections, F§4 Sections, F§5, F§8): the storey plan with the sections in
 * their colours, Run (calc_fire_sections), the Sections menu, Edit (rooms into a section), a part's shape, unit
 * addresses and the analysis' warnings. A plan screen on the engine of docs/editor.md; docs/fire-sections-page.md.
 */
export function SectionsPage() {
  const { model } = useProjectState();
  const edit = useModelEdit();
  const store = useProjectStore();
  const location = useLocation();
  const arch = model.arch;
  const [storeyId, showStorey] = useShownStorey(arch);
  const analysis = useSectionsAnalysis(model.arch, model.elec, model.fire);
  const editor = usePlanEditor(
    () => ({
      layers: sectionsLayers(),
      defaultTool: () => new SectionSelectTool(),
      painters: sectionsPainters(),
      labels: sectionsLabels(),
    }),
    storeyId ?? '',
  );
  const tool = editor.tool;
  const editing = tool instanceof SectionEditTool ? tool : null;
  const shaping = tool instanceof PolygonTool ? tool : null;
  const busy = editing !== null || shaping !== null;
  const pick = pickOf(editor.selection, model);
  const selectedSection = pick.kind === 'section' ? pick.sectionId : null;
  const replace = (requests: readonly EditRequest[]) =>
    store.replaceModel(applyEdits(store.getState().model, requests).model, location.pathname + location.search);
  const action = usePlanActions(
    editor,
    sectionActions(editor, () => busy, replace),
  );

  /** Selects a section (and part), showing the storey of its first room when none of its rooms is on this one. */
  const showSection = (sectionId: string, roomId: string | null = null) => {
    if (editing) {
      editing.retarget(sectionId, editor);
      editor.select(selectSection(sectionId));
      return;
    }
    const section = model.fire?.sections[sectionId];
    if (!section) return;
    const storeys = roomStoreys(model);
    const on = section.parts.map((part) => storeys.get(part.room_id)).filter((id): id is string => id !== undefined);
    const wanted = roomId ? storeys.get(roomId) : on.includes(storeyId ?? '') ? storeyId : on[0];
    if (wanted && wanted !== storeyId) showStorey(wanted);
    editor.select(selectSection(sectionId, roomId));
  };

  const addNew = () => {
    const { id, requests } = addSectionEdits(model);
    edit(requests);
    editor.select(selectSection(id));
  };

  return (
    <section className="model-page units-page sections-page">
      <aside className="model-side model-left">
        <h1 className="units-title">Sections</h1>
        <StoreyList arch={arch} current={storeyId} onPick={(id) => id !== storeyId && showStorey(id)} />
        <LayersBox editor={editor} />
        <h2 className="side-subtitle">Sections ({Object.keys(model.fire?.sections ?? {}).length})</h2>
        <SectionList fire={model.fire} current={selectedSection} label="Sections" onPick={(id) => showSection(id)} />
        <SectionWarnings model={model} analysis={analysis} onSection={(id) => showSection(id)} />
      </aside>
      <div className="model-center">
        <div className="model-toolbar" role="toolbar" aria-label="Plan tools">
          <ActionButton action={action('fit')} />
          <SectionsMenu
            fire={model.fire}
            current={selectedSection}
            onAdd={addNew}
            onPick={(id) => showSection(id)}
            disabled={shaping !== null}
          />
          <ApplyBar editor={editor}>
            <ActionButton action={action(SECTION_EDIT)} />
            <ActionButton action={action(PART_SHAPE)} />
          </ApplyBar>
          <SectionsRun />
        </div>
        <div className="plan-frame">
          <PlanView editor={editor} />
        </div>
      </div>
      <SectionPanel
        model={model}
        pick={pick}
        edit={(requests) => edit(requests)}
        replace={replace}
        onPickPart={(sectionId, roomId) => showSection(sectionId, roomId)}
        onEditShape={action(PART_SHAPE).run}
        onDeleted={() => editor.select(NOTHING)}
        busy={busy}
      />
    </section>
  );
}
