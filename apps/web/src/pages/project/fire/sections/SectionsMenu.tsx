import type { Fire } from '@edrf/model';
import { usePopupMenu } from '../../../../ui/use-popup-menu';
import { SectionList } from './SectionList';

/**
 * The toolbar's Sections menu (F§2): Add new, then the sections sorted numerically by name; picking one selects it.
 * The list is fixed to the window: the toolbar keeps to one line and clips what overflows it.
 */
export function SectionsMenu({
  fire,
  current,
  onAdd,
  onPick,
  disabled,
}: {
  fire: Fire | null;
  current: string | null;
  onAdd: () => void;
  onPick: (id: string) => void;
  disabled: boolean;
}) {
  const { open, box, toggle, close } = usePopupMenu();
  return (
    <div className="tool-menu" ref={box}>
      <button
        type="button"
        className={open ? 'btn btn-small active' : 'btn btn-small'}
        aria-haspopup="menu"
        aria-expanded={!!open}
        disabled={disabled}
        onClick={toggle}
      >
        Sections ▾
      </button>
      {open && (
        <div className="tool-menu-list sections-menu-list" role="menu" aria-label="Sections" style={{ top: open.top, left: open.left }}>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close();
              onAdd();
            }}
          >
            Add new
          </button>
          <SectionList
            fire={fire}
            current={current}
            label="Sections in the menu"
            role="menu"
            onPick={(id) => {
              close();
              onPick(id);
            }}
          />
        </div>
      )}
    </div>
  );
}
