import type { CablingAnswer } from './run/optimize-edits';

export type RouteWarning = CablingAnswer['validation']['warnings'][number];

/**
 * The engine's warnings of the last Optimize (validation.warnings of calc_fire_cabling), each a red box with its
 * message as the sections page shows its analysis (F§8). One about a loop selects it on a click. Null: not run yet.
 */
export function RouteWarnings({ warnings, onRoute }: { warnings: readonly RouteWarning[] | null; onRoute: (routeId: string) => boolean }) {
  return (
    <section className="section-warnings" aria-label="Warnings">
      <h2 className="side-subtitle">Warnings ({warnings?.length ?? 0})</h2>
      {warnings === null && <p className="muted small">Optimize lists the cabling’s warnings here.</p>}
      <ul className="warning-boxes">
        {(warnings ?? []).map((warning) => {
          // The engine names a loop first in its warnings' unit ids ('loop-2/3', 'loop-1/+D1/d4').
          const loop = warning.unit_id.split('/')[0] ?? '';
          return (
            <li key={`${warning.warning_id}:${warning.unit_id}`} className="warning-box">
              {loop.startsWith('loop-') ? (
                <button type="button" className="link-button" onClick={() => onRoute(loop)}>
                  {warning.message}
                </button>
              ) : (
                warning.message
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
