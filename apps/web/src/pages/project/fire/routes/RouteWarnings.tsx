import type { RouteWarning } from './run/cabling-warnings';

/**
 * The cabling's warnings (calc_fire_cabling's, of the model as it is: run/cabling-warnings.ts), each a red box with its
 * message as the sections page shows its analysis (F§8). One about a loop selects it on a click.
 */
export function RouteWarnings({ warnings, onRoute }: { warnings: readonly RouteWarning[]; onRoute: (routeId: string) => boolean }) {
  return (
    <section className="section-warnings" aria-label="Warnings">
      <h2 className="side-subtitle">Warnings ({warnings.length})</h2>
      {warnings.length === 0 && <p className="muted small">No cabling warnings.</p>}
      <ul className="warning-boxes">
        {warnings.map((warning) => {
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
