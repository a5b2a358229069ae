import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { Model } from '@edrf/model';
import { PlanEditor, type PlanEditorConfig } from '../../../../editor/plan-editor';
import { storeTarget } from '../../../../editor/use-plan-editor';
import { useProjectState, useProjectStore } from '../../../../state/use-project';

const unturned = new WeakMap<Model, Model>();

/**
 * The model as the schematic shows it: never turned by the plan's rotation (arch.rotation turns storey plans; a
 * rack schematic is upright). Memoized per model, so the engine's caches see one object per model.
 */
export function schematicModel(model: Model): Model {
  if (model.arch.rotation === 0) return model;
  let shown = unturned.get(model);
  if (!shown) unturned.set(model, (shown = { ...model, arch: { ...model.arch, rotation: 0 } }));
  return shown;
}

/**
 * usePlanEditor for the schematic (docs/fire-equipment.md): the engine draws a storey, so the schematic gives it the
 * model's first storey (its layers ignore it: racks of every storey are shown) and the unturned model. Edits go to
 * the project store with this page, as everywhere.
 */
export function useSchematicEditor(config: () => PlanEditorConfig): PlanEditor {
  const store = useProjectStore();
  const { model } = useProjectState();
  const location = useLocation();
  const page = location.pathname + location.search;
  const shown = schematicModel(model);
  const storeyId = Object.keys(model.arch.storeys)[0] ?? '';
  const [editor] = useState(() => new PlanEditor(config(), shown, storeyId, storeTarget(store, page)));
  useLayoutEffect(() => {
    editor.setTarget(storeTarget(store, page));
    editor.setModel(shown);
    editor.setStorey(storeyId);
  });
  useSyncExternalStore(
    (listener) => editor.on('change', listener),
    () => editor.changes,
  );
  return editor;
}
