import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { useModel } from '../../../../../state/use-project';
import { catalogueQuery } from '../../../../../view3d/catalogue';
import { defaultClipBox, type Vec3, type View3dState } from '../../../../../view3d/clip-box';
import { buildSceneData } from '../../../../../view3d/scene-data';
import { View3dScene } from '../../../../../view3d/view-scene';
import { clippedBounds, storeyClipBox, storeyRange, withoutSlabsAbove } from './storey-clip';
import { UNITS_SCENE_OPTIONS, clickSelection, layers3d, selectedUnitIds } from './unit-instances';
import { PlaceUnitTool } from '../tools/place-unit-tool';
import { grabUnit3d, placeAt3d, type Grab3d } from './place-3d';
import { useKeys3d } from './use-keys-3d';
import '../../../../../view3d/view3d.css';
import './units-view3d.css';

const formatPoint = (p: Vec3 | null) => (p ? `x ${p[0].toFixed(2)}  y ${p[1].toFixed(2)}  z ${p[2].toFixed(2)}` : '');

/**
 * The units page's 3D mode (F§2, docs/fire-units.md '3D mode'): the building with the units as instanced catalogue
 * shapes in their plan colours, on the page's plan editor — a click selects in its selection, which is drawn
 * highlighted, its keys work, and its Layers box and shown storey decide what is drawn ('All storeys' shows
 * every storey). Units are placed and moved as in 2D (place-3d.ts): with a placement tool armed a click places the
 * unit at its height under the pointer (a detector on the shown storey's ceiling), and the one selected unit is
 * dragged on its own plane. The WebGL context is released when the mode is left.
 */
export function UnitsView3d({ editor, storeyId }: { editor: PlanEditor; storeyId: string | null }) {
  const model = useModel();
  const catalogue = useQuery(catalogueQuery);
  const { arch, elec, fire } = model;
  const [whole, setWhole] = useState(false);
  // One storey is shown without the slabs above it (its ceiling, the roof): seen from above they would cover it.
  const range = whole ? null : storeyRange(arch, storeyId);
  const top = range?.top ?? null;
  const data = useMemo(() => {
    if (!catalogue.data) return null;
    const shown = top === null ? arch : withoutSlabsAbove(arch, top);
    return buildSceneData({ arch: shown, elec, fire }, catalogue.data, UNITS_SCENE_OPTIONS);
  }, [arch, elec, fire, catalogue.data, top]);
  const bounds = data?.bounds ?? null;
  const storeyBox = useMemo(() => storeyClipBox(arch, storeyId, bounds), [arch, storeyId, bounds]);
  const view = useMemo<View3dState>(
    () =>
      !whole && storeyBox
        ? { use_clip: true, clipping_box: storeyBox }
        : { use_clip: false, clipping_box: defaultClipBox(bounds ?? { min: [0, 0, 0], max: [0, 0, 0] }) },
    [whole, storeyBox, bounds],
  );
  const host = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const scene = useRef<View3dScene | null>(null);
  // The scene's handlers outlive renders: they read the editor, which always holds the latest tool, selection and model.
  useEffect(() => {
    let grab: Grab3d | null = null;
    const created = new View3dScene(
      host.current!,
      {
        onPointer: (point) => {
          if (readout.current) readout.current.textContent = formatPoint(point);
        },
        onClipBox: () => {},
        onClick: (hit, shift, ray) => {
          if (!placeAt3d(editor, ray, shift)) editor.select(clickSelection(editor.selection, editor.model, hit, shift));
        },
        onGrab: (hit, ray) => {
          grab = grabUnit3d(editor, hit, ray);
          return grab !== null;
        },
        onGrabMove: (ray) => grab?.move(ray),
        onGrabEnd: (ray) => {
          grab?.end(ray);
          grab = null;
        },
      },
      { clipBox: false },
    );
    scene.current = created;
    return () => {
      scene.current = null;
      created.dispose();
    };
  }, [editor]);

  // The view first frames what it shows (the storey); later data keeps the camera.
  const frame = useRef(view);
  useLayoutEffect(() => {
    frame.current = view;
  });
  useEffect(() => {
    if (!data || !catalogue.data) return;
    const shown = frame.current.use_clip ? frame.current.clipping_box : null;
    scene.current?.setData(data, catalogue.data, clippedBounds(data.bounds, shown));
  }, [data, catalogue.data]);
  useEffect(() => scene.current?.setView(view), [view]);

  const layers = useMemo(() => layers3d(editor.layers, editor.visibility), [editor.layers, editor.visibility]);
  useEffect(() => scene.current?.setLayers(layers), [layers]);

  const selection = editor.selection;
  useEffect(() => scene.current?.setHighlighted(selectedUnitIds(selection)), [selection]);

  useKeys3d(editor);
  // The unit tools place here too; another tool armed on the plan (a rack's, the ruler) ends.
  useEffect(() => {
    if (!(editor.tool instanceof PlaceUnitTool)) editor.endTool();
  }, [editor]);

  return (
    <div className="view3d-frame units-view3d">
      <div ref={host} className="view3d-host" data-testid="units-view3d" />
      <label className="check units-view3d-whole">
        <input type="checkbox" checked={whole} disabled={!storeyBox} onChange={(event) => setWhole(event.target.checked)} />
        All storeys
      </label>
      {catalogue.isError && <p className="view3d-error units-view3d-error">The mesh catalogue could not be loaded</p>}
      <div className="view3d-status">
        <span ref={readout} aria-label="3D coordinates" className="coordinates" />
      </div>
      <div className="units-view3d-help" aria-label="3D controls">
        Rotate: drag · Pan: right drag · Zoom: wheel · Click a unit to select it, shift adds · Drag the selected unit to move it · With a
        unit tool, click to place one (a detector on the ceiling)
      </div>
    </div>
  );
}
