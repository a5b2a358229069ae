import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';

/**
 * A toolbar button's menu, fixed to the window under the button (the toolbar keeps to one line and clips what
 * overflows it): where it is open (null: closed), the box holding button and menu, a toggle for the button's click,
 * and close. A press outside the box or Escape closes it.
 */
export function usePopupMenu() {
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
  const toggle = (event: ReactMouseEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setOpen(open ? null : { top: rect.bottom + 2, left: rect.left });
  };
  return { open, box, toggle, close: () => setOpen(null) };
}
