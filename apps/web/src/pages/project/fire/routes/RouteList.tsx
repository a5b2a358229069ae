import type { Fire } from '@edrf/model';

/** Route ids in natural order ('loop-2' before 'loop-10'). */
export const sortedRoutes = (fire: Fire | null | undefined) =>
  Object.values(fire?.connections.routes ?? {}).sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }));

/** The left column's list of every route, with its kind and slice count; picking one selects it. */
export function RouteList({
  fire,
  current,
  onPick,
}: {
  fire: Fire | null | undefined;
  current: string | null;
  onPick: (id: string) => void;
}) {
  const routes = sortedRoutes(fire);
  if (routes.length === 0) return <p className="muted small">No routes yet: Optimize, or draw one.</p>;
  return (
    <ul className="section-list" aria-label="Routes">
      {routes.map((route) => (
        <li key={route.id}>
          <button
            type="button"
            className={`section-button${route.id === current ? ' current' : ''}`}
            aria-current={route.id === current}
            onClick={() => onPick(route.id)}
          >
            <span className={`route-swatch route-${route.kind}`} aria-hidden />
            <span className="section-name">{route.id}</span>
            <span className="section-figures muted">{route.kind}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
