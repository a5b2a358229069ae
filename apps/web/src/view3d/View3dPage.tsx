import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../api/auth';
import { LoadingMessage } from '../ui/Overlay';
import { ErrorPage } from '../pages/error/ErrorPage';
import { useModel } from '../state/use-project';
import { defaultClipBox, type Box3Like, type Vec3, type View3dState } from './clip-box';
import { catalogueQuery } from './catalogue';
import { DEFAULT_LAYERS_3D, INSTANCE_LAYERS, LAYER_LABELS, PRISM_LAYERS, buildSceneData, type Layer3d } from './scene-data';
import { View3dScene } from './view-scene';
import './view3d.css';

/** /project/{id}/model/3d: the 3D view (beta), for platform admins only; anyone else finds nothing here (P§6). */
export function View3dPage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <LoadingMessage message="Loading…" />;
  if (!user?.is_admin) return <ErrorPage status={404} message="Not found" />;
  return <View3d />;
}

const formatPoint = (p: Vec3 | null) => (p ? `x ${p[0].toFixed(2)}  y ${p[1].toFixed(2)}  z ${p[2].toFixed(2)}` : '');

function View3d() {
  const { projectId = '' } = useParams();
  const location = useLocation();
  const model = useModel();
  const catalogue = useQuery(catalogueQuery);
  const { arch, elec, fire } = model;
  const data = useMemo(
    () => (catalogue.data ? buildSceneData({ arch, elec, fire }, catalogue.data) : null),
    [arch, elec, fire, catalogue.data],
  );
  const [layers, setLayers] = useState<Record<Layer3d, boolean>>(DEFAULT_LAYERS_3D);
  // P§3 names view_3d as project state; the project store has no such field yet, so the view keeps it (docs/view3d.md).
  const [userView, setView] = useState<View3dState | null>(null);
  // Until the user changes it, the box is around the whole model, clipping off.
  const bounds = data?.bounds;
  const initialView = useMemo<View3dState | null>(
    () => (data ? { use_clip: false, clipping_box: defaultClipBox(bounds ?? { min: [0, 0, 0], max: [0, 0, 0] }) } : null),
    [data, bounds],
  );
  const view = userView ?? initialView;
  const host = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const scene = useRef<View3dScene | null>(null);

  useEffect(() => {
    const created = new View3dScene(host.current!, {
      onPointer: (point) => {
        if (readout.current) readout.current.textContent = formatPoint(point);
      },
      onClipBox: (box: Box3Like) => setView((current) => (current ? { ...current, clipping_box: box } : current)),
    });
    scene.current = created;
    return () => {
      scene.current = null;
      created.dispose();
    };
  }, []);

  useEffect(() => {
    if (!data || !catalogue.data) return;
    scene.current?.setData(data, catalogue.data);
  }, [data, catalogue.data]);

  useEffect(() => scene.current?.setLayers(layers), [layers]);
  useEffect(() => {
    if (view) scene.current?.setView(view);
  }, [view]);

  const shown = [...PRISM_LAYERS, ...INSTANCE_LAYERS].filter((layer) => layer !== 'units' || fire !== null);
  const back = `/project/${encodeURIComponent(projectId)}/model${location.search}`;

  return (
    <section className="view3d-page">
      <aside className="view3d-side">
        <h2 className="view3d-title">
          3D view <span className="beta">beta</span>
        </h2>
        <fieldset className="view3d-layers" aria-label="3D layers">
          {shown.map((layer) => (
            <label key={layer} className="check">
              <input
                type="checkbox"
                checked={layers[layer]}
                onChange={(event) => setLayers({ ...layers, [layer]: event.target.checked })}
              />
              {LAYER_LABELS[layer]}
            </label>
          ))}
        </fieldset>
        {view?.use_clip && (
          <dl className="view3d-box" aria-label="Clipping box">
            <dt>min</dt>
            <dd>{view.clipping_box.min.map((v) => v.toFixed(2)).join(' ')}</dd>
            <dt>max</dt>
            <dd>{view.clipping_box.max.map((v) => v.toFixed(2)).join(' ')}</dd>
          </dl>
        )}
      </aside>
      <div className="view3d-center">
        <div className="view3d-toolbar" role="toolbar" aria-label="3D tools">
          <Link className="btn btn-small" to={back}>
            Back to 2D
          </Link>
          <button
            type="button"
            className={view?.use_clip ? 'btn btn-small active' : 'btn btn-small'}
            aria-pressed={view?.use_clip ?? false}
            disabled={!view}
            title="Clip the model to a box whose faces you drag"
            onClick={() => setView(view ? { ...view, use_clip: !view.use_clip } : null)}
          >
            Clip
          </button>
          {catalogue.isError && <span className="view3d-error">The mesh catalogue could not be loaded</span>}
        </div>
        <div className="view3d-frame">
          <div ref={host} className="view3d-host" data-testid="view3d" />
          <div className="view3d-status">
            <span ref={readout} aria-label="3D coordinates" className="coordinates" />
          </div>
        </div>
      </div>
    </section>
  );
}
