import { useEffect, useRef, useState } from 'react';
import type { Fire } from '@edrf/model';
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
  const [open, setOpen] = useState<{ top: number; left: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(null);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(null);
    };
    document.addEventListener('mousedown', close);
    window.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className="tool-menu" ref={box}>
      <button
        type="button"
        className={open ? 'btn btn-small active' : 'btn btn-small'}
        aria-haspopup="menu"
        aria-expanded={!!open}
        disabled={disabled}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          setOpen(open ? null : { top: rect.bottom + 2, left: rect.left });
        }}
      >
        Sections ▾
      </button>
      {open && (
        <div className="tool-menu-list sections-menu-list" role="menu" aria-label="Sections" style={{ top: open.top, left: open.left }}>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(null);
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
              setOpen(null);
              onPick(id);
            }}
          />
        </div>
      )}
    </div>
  );
}
