import type { Fire } from '@edrf/model';
import { sortedSections } from './section-lookup';

/**
 * The sections sorted numerically by name (F§4), each with its colour, its number of rooms and its addresses; a
 * click picks one. Shown in the Sections menu and in the left column.
 */
export function SectionList({
  fire,
  current,
  onPick,
  label,
  role,
}: {
  fire: Fire | null;
  current: string | null;
  onPick: (id: string) => void;
  label: string;
  role?: 'menu';
}) {
  const sections = sortedSections(fire);
  if (sections.length === 0) return <p className="muted small">No sections yet.</p>;
  return (
    <ul className="section-list" aria-label={label} role={role ? 'group' : undefined}>
      {sections.map((section) => (
        <li key={section.id} role={role ? 'none' : undefined}>
          <button
            type="button"
            role={role ? 'menuitemradio' : undefined}
            aria-checked={role ? section.id === current : undefined}
            aria-pressed={role ? undefined : section.id === current}
            className={section.id === current ? 'section-button current' : 'section-button'}
            title={section.description || undefined}
            onClick={() => onPick(section.id)}
          >
            <span className="section-swatch" style={{ background: section.color, borderColor: section.highlight_color }} />
            <span className="section-name">{section.name || '(no name)'}</span>
            <span className="section-figures muted">
              {section.parts.length} {section.parts.length === 1 ? 'room' : 'rooms'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
