import { useSearchParams } from 'react-router';

export type ViewMode = '2d' | '3d';

/** The query parameter that keeps the mode, so that a reload (and undo, which returns to the page of an edit) keeps it. */
export const VIEW_PARAM = 'view';

/** The units page's 2D / 3D mode, kept in the address (`?view=3d`, beside `?storey=`, which the storey switch keeps). */
export function useViewMode(): { mode: ViewMode; setMode: (mode: ViewMode) => void } {
  const [params, setParams] = useSearchParams();
  const mode: ViewMode = params.get(VIEW_PARAM) === '3d' ? '3d' : '2d';
  const setMode = (to: ViewMode) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (to === '3d') next.set(VIEW_PARAM, '3d');
        else next.delete(VIEW_PARAM);
        return next;
      },
      { replace: true },
    );
  return { mode, setMode };
}
