import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export interface SidebarLink {
  to: string;
  label: string;
  end?: boolean;
}

/** The 12rem sidebar every signed-in area uses; the links and the foot differ per area. */
export function Sidebar({ links, title, foot }: { links: SidebarLink[]; title?: ReactNode; foot?: ReactNode }) {
  return (
    <aside className="sidebar">
      <div className="brand">edrf{title && <span className="brand-area">{title}</span>}</div>
      <nav>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} end={link.end} className="nav-link">
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div className="sidebar-foot">{foot}</div>
    </aside>
  );
}
