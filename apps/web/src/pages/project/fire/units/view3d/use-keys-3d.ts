import { useEffect } from 'react';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { keepsNativeUndo } from '../../../../../state/shortcuts';

/** Keys that move or fit the 2D plan: nothing to do while the plan is not shown. */
const PLAN_VIEW_KEYS = new Set(['f', 'F', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', '+', '=', '-', '_', ' ']);

/**
 * The plan's keys while the 3D view replaces it: PlanView, which listens for them in 2D, is not mounted, so the
 * editor's tool and the page's commands (Delete, r / R, Escape) get them here, with PlanView's rules (not while
 * typing in a field, in a dialog or with ctrl / cmd / alt, which are the project's keys).
 */
export function useKeys3d(editor: PlanEditor): void {
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (keepsNativeUndo(event.target) || (event.target instanceof HTMLElement && event.target.closest('input, select, textarea'))) return;
      if (document.querySelector('.modal-backdrop') || PLAN_VIEW_KEYS.has(event.key)) return;
      if (editor.key(event.key)) event.preventDefault();
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, [editor]);
}
