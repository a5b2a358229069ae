import { NavLink, Outlet, useParams } from 'react-router';
import { useProjectState } from '../../../../state/use-project';

/** /fire/settings (F§2): Hardware, Optimization, and SBF (offered only for SBF 110:8). */
export function FireSettingsLayout() {
  const { model } = useProjectState();
  const { projectId = '' } = useParams();
  const base = `/project/${encodeURIComponent(projectId)}/fire/settings`;
  const pages = [
    { path: 'hardware', label: 'Hardware' },
    { path: 'optimization', label: 'Optimization' },
    ...(model.fire?.config.sbf ? [{ path: 'sbf', label: 'SBF' }] : []),
  ];
  return (
    <div className="fire-settings">
      <nav className="fire-subtabs" aria-label="Fire settings">
        {pages.map((page) => (
          <NavLink key={page.path} to={`${base}/${page.path}`} className="fire-subtab">
            {page.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
