import type { Fire } from '@edrf/model';
import { loopIndices, routeColour } from './layers/route-colours';

/** Route ids in natural order ('loop-2' before 'loop-10'). */
export const sortedRoutes = (fire: Fire | null | undefined) =>
  Object.values(fire?.connections.routes ?? {}).sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }));

/** The left column's list of every route, with its colour as the plan draws it and its kind; picking one selects it. */
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
  const indices = loopIndices(fire);
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
            <span
              className="route-swatch"
              style={{ background: routeColour(route, indices) }}
              data-colour={routeColour(route, indices)}
              aria-hidden
            />
            <span className="section-name">{route.id}</span>
            <span className="section-figures muted">{route.kind}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
