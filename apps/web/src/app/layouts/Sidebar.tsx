import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import './sidebar.css';

export interface SidebarLink {
  to: string;
  label: string;
  end?: boolean;
  /** Shown but not followable; `title` says why (P§5 navigation gating). */
  disabled?: boolean;
  title?: string;
  /** Instead of following the link, this runs (the 'Add Fire Module' dialog). */
  onClick?: () => void;
}

/** The 12rem sidebar every signed-in area uses; the links, the head (a breadcrumb) and the foot differ per area. */
export function Sidebar({ links, title, head, foot }: { links: SidebarLink[]; title?: ReactNode; head?: ReactNode; foot?: ReactNode }) {
  return (
    <aside className="sidebar">
      <div className="brand">edrf{title && <span className="brand-area">{title}</span>}</div>
      {head}
      <nav>
        {links.map((link) =>
          link.disabled ? (
            <span key={link.to} className="nav-link disabled" aria-disabled="true" title={link.title}>
              {link.label}
            </span>
          ) : link.onClick ? (
            <button key={link.to} type="button" className="nav-link nav-button" title={link.title} onClick={link.onClick}>
              {link.label}
            </button>
          ) : (
            <NavLink key={link.to} to={link.to} end={link.end} className="nav-link" title={link.title}>
              {link.label}
            </NavLink>
          ),
        )}
      </nav>
      <div className="sidebar-foot">{foot}</div>
    </aside>
  );
}

/** The trail at the top of an area's sidebar: 'Organizations > Acme', 'Projects / Tower'. */
export function Breadcrumb({
  parent,
  separator,
  current,
}: {
  parent: { to: string; label: string };
  separator: string;
  current: ReactNode;
}) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <NavLink to={parent.to} end>
        {parent.label}
      </NavLink>
      <span className="breadcrumb-sep" aria-hidden="true">
        {separator}
      </span>
      <span className="breadcrumb-current">{current}</span>
    </nav>
  );
}
