import { NavLink, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { RedirectWithToast } from '../../../app/guards';
import { useProjectState } from '../../../state/use-project';
import { FIRE_TABS, nearestAllowed, tabBlocked, type FireTab } from './fire-tabs';
import { RevisionNotice } from './revision/RevisionNotice';
import './fire.css';

/** F§8: the fire area without a fire config. */
export const NO_FIRE_MODULE = 'No fire module configured';

/**
 * /project/{id}/fire/… (F§2): the tabs Fire settings, Units, Sections, Routes, Equipment and Export. A tab the model
 * is not ready for is disabled and says why; its address sends to the nearest allowed tab. Without a fire config the
 * area warns and goes to the model page. Above the tabs, the notice of an architecture changed since the design
 * (revision/RevisionNotice.tsx).
 */
export function FireLayout() {
  const { model } = useProjectState();
  const { projectId = '' } = useParams();
  const location = useLocation();
  const base = `/project/${encodeURIComponent(projectId)}`;
  if (!model.fire) return <RedirectWithToast to={`${base}/model`} message={NO_FIRE_MODULE} kind="warning" />;
  const current = FIRE_TABS.find((tab) => location.pathname.startsWith(`${base}/fire/${tab.path}`))?.path;
  if (current && tabBlocked(model, current)) return <Navigate to={`${base}/fire/${nearestAllowed(model, current)}`} replace />;
  return (
    <section className="fire-area">
      <RevisionNotice />
      <nav className="fire-tabs" aria-label="Fire">
        {FIRE_TABS.map((tab) => {
          const blocked = tabBlocked(model, tab.path);
          return blocked ? (
            <span key={tab.path} className="fire-tab disabled" aria-disabled="true" title={blocked}>
              {tab.label}
            </span>
          ) : (
            <NavLink key={tab.path} to={`${base}/fire/${tab.path}`} className="fire-tab">
              {tab.label}
            </NavLink>
          );
        })}
      </nav>
      <div className="fire-page">
        <Outlet />
      </div>
    </section>
  );
}

/** /fire opens Units, or the nearest tab the model is ready for. */
export function FireIndex() {
  const { model } = useProjectState();
  return model.fire ? <Navigate to={nearestAllowed(model, 'units' satisfies FireTab)} replace /> : null;
}
