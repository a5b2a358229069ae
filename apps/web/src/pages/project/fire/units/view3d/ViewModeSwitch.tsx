import type { ViewMode } from './use-view-mode';
import './view-mode-switch.css';

/** The units page's '2D | 3D' switch: a segmented pair of buttons, the shown mode pressed. */
export function ViewModeSwitch({ mode, onMode }: { mode: ViewMode; onMode: (mode: ViewMode) => void }) {
  return (
    <div className="view-mode-switch" role="group" aria-label="View mode">
      {(['2d', '3d'] as const).map((m) => (
        <button
          key={m}
          type="button"
          className={mode === m ? 'btn btn-small active' : 'btn btn-small'}
          aria-pressed={mode === m}
          title={m === '2d' ? 'The storey plan' : 'The building in 3D, the shown storey clipped'}
          onClick={() => onMode(m)}
        >
          {m.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
