import { useMemo, useState } from 'react';
import { ELECTRICAL_MESSAGES, loopFiguresOf, type LoopFigures, type WallCrossing } from '@edrf/fire';
import type { Model, Route } from '@edrf/model';
import { storeysTopDown } from '../../../../editor/arch/storeys';
import { batteryText } from '../equipment/battery-text';
import { canAddStoreySlice, isRouteEnd } from './route-edits';
import type { RoutesPick } from './route-selection';

const KIND_TITLE: Record<Route['kind'], string> = { Loop: 'Loop', Direct: 'Direct route', RackToRack: 'Rack-to-rack route' };

export interface RoutePanelProps {
  model: Model;
  pick: RoutesPick;
  onPick: (routeId: string, slice: number | null, node: number | null) => void;
  onDeleteRoute: () => void;
  onDeleteNode: () => void;
  onAddStoreySlice: (storeyId: string) => void;
  /** While a route is drawn the actions wait. */
  busy: boolean;
}

const storeyName = (model: Model, id: string) => {
  const storey = model.arch.storeys[id];
  return storey ? storey.name || storey.id : id;
};

/** The right column (F§2 '/fire/routes'): the selected route, its slices, the selected slice's nodes and the selected node. */
export function RoutePanel(props: RoutePanelProps) {
  const { model, pick } = props;
  const route = pick.kind === 'route' ? model.fire?.connections.routes[pick.routeId] : undefined;
  return (
    <aside className="model-side model-properties routes-panel" aria-label="Properties">
      {pick.kind === 'none' && (
        <p className="muted">Select a route on the plan: a click picks the route, the next its slice, the next a node.</p>
      )}
      {pick.kind === 'routes' && <h2 className="side-title">{pick.count} routes selected</h2>}
      {route && pick.kind === 'route' && <RouteFields {...props} route={route} slice={pick.slice} node={pick.node} />}
    </aside>
  );
}

function RouteFields({
  model,
  route,
  slice,
  node,
  onPick,
  onDeleteRoute,
  busy,
  ...actions
}: RoutePanelProps & { route: Route; slice: number | null; node: number | null }) {
  const fire = model.fire!;
  const cable = fire.config.products.cables.find((c) => c.id === route.product_id);
  // The engine's figures (issue 33, one source): the same checks calc_fire_cabling warns by.
  const figuresOf = useMemo(() => loopFiguresOf({ arch: model.arch, fire }), [model.arch, fire]);
  const figures = route.kind === 'Loop' ? figuresOf(route.id) : null;
  return (
    <section aria-label="Route">
      <h2 className="side-title">
        {KIND_TITLE[route.kind]} {route.id}
      </h2>
      <dl className="details">
        <dt>Cable</dt>
        <dd>{cable ? cable.name || cable.id : 'None'}</dd>
        <dt>Slices</dt>
        <dd>{route.slices.length}</dd>
      </dl>
      {figures && <LoopSummary figures={figures} model={model} />}
      <h3 className="side-subtitle">Slices</h3>
      <ol className="route-parts" aria-label="Slices of the route">
        {route.slices.map((s, i) => (
          <li key={i}>
            <button
              type="button"
              className={`section-button${i === slice ? ' current' : ''}`}
              aria-current={i === slice}
              onClick={() => onPick(route.id, i, null)}
            >
              <span className="section-name">
                Slice {i + 1} · {storeyName(model, s.storey_id)}
              </span>
              <span className="section-figures muted">{s.nodes.length} nodes</span>
            </button>
          </li>
        ))}
      </ol>
      {slice !== null && route.slices[slice] && <SliceFields {...{ model, route, slice, node, onPick, onDeleteRoute, busy, ...actions }} />}
      <div className="button-row">
        <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={onDeleteRoute}>
          Delete route
        </button>
      </div>
    </section>
  );
}

function SliceFields({
  model,
  route,
  slice,
  node,
  onPick,
  busy,
  onDeleteNode,
  onAddStoreySlice,
}: RoutePanelProps & { route: Route; slice: number; node: number | null }) {
  const nodes = route.slices[slice]!.nodes;
  const chosen = node !== null ? nodes[node] : undefined;
  const [menu, setMenu] = useState(false);
  const others = storeysTopDown(model.arch).filter((s) => s.id !== route.slices[slice]!.storey_id);
  return (
    <section aria-label="Slice" className="part-actions">
      <h3 className="side-subtitle">
        Slice {slice + 1} · {storeyName(model, route.slices[slice]!.storey_id)}
      </h3>
      <ol className="route-parts" aria-label="Nodes of the slice">
        {nodes.map((n, j) => (
          <li key={j}>
            <button
              type="button"
              className={`section-button${j === node ? ' current' : ''}`}
              aria-current={j === node}
              onClick={() => onPick(route.id, slice, j)}
            >
              <span className="section-name">
                Node {j + 1}
                {n.unit_id ? ` · ${n.unit_id}` : ''}
              </span>
              <span className="section-figures muted">{n.unit_id ? 'locked' : 'free'}</span>
            </button>
          </li>
        ))}
      </ol>
      {chosen && node !== null && (
        <section aria-label="Node">
          <h3 className="side-subtitle">Node {node + 1}</h3>
          <dl className="details">
            <dt>Position</dt>
            <dd>
              {chosen.coord[0].toFixed(2)}, {chosen.coord[1].toFixed(2)}, {chosen.coord[2].toFixed(2)} m
            </dd>
            <dt>Unit</dt>
            <dd>{chosen.unit_id ? `${chosen.unit_id} (locked to it)` : 'Free'}</dd>
          </dl>
          <div className="button-row">
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              title={isRouteEnd(route, slice, node) ? 'Only inner nodes may be deleted' : 'Delete the node (Delete)'}
              onClick={onDeleteNode}
            >
              Delete node
            </button>
            <button
              type="button"
              className="btn btn-small"
              aria-haspopup="menu"
              aria-expanded={menu}
              disabled={busy || !canAddStoreySlice(model, route, slice, node)}
              title={
                Object.keys(model.arch.storeys).length < 2
                  ? 'Add storey slice needs at least 2 storeys'
                  : 'Split the slice here and take the route up or down to another storey (an inner free node)'
              }
              onClick={() => setMenu((open) => !open)}
            >
              Add storey slice ▾
            </button>
          </div>
          {menu && (
            <ul className="route-storeys" role="menu" aria-label="Storeys">
              {others.map((storey) => (
                <li key={storey.id} role="none">
                  <button
                    type="button"
                    role="menuitem"
                    className="section-button"
                    onClick={() => {
                      setMenu(false);
                      onAddStoreySlice(storey.id);
                    }}
                  >
                    {storey.name || storey.id}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}

const volts = (v: number) => `${v.toFixed(1)} V`;

/**
 * Issue 26, 33: a loop's units in order with their addresses and currents, its length, load and units against their
 * limits, the worst voltage (in words below 0 V), its central's battery and where it passes through walls.
 */
function LoopSummary({ figures, model }: { figures: LoopFigures; model: Model }) {
  const { members, length, maxUnits, countedUnits, isolators, maxResistance, maxLength, voltages, battery, wallCrossings } = figures;
  const load = figures.load * 1000;
  const maxLoad = figures.maxLoad === null ? null : figures.maxLoad * 1000;
  const worst = voltages?.worst;
  const over = maxLoad !== null && load > maxLoad;
  const of = (limit: number | null, unit: string, digits: number) => (limit !== null ? ` of ${limit.toFixed(digits)} ${unit}` : '');
  const unknown = members.filter((m) => !m.known);
  return (
    <section aria-label="Loop" className="loop-summary">
      <dl className="details">
        <dt>Length</dt>
        <dd className={maxLength !== null && length > maxLength ? 'over' : undefined}>
          {length.toFixed(1)} m{of(maxLength, 'm', 0)}
        </dd>
        <dt>Alarm load</dt>
        <dd className={over ? 'over' : undefined}>
          {load.toFixed(1)} mA{of(maxLoad, 'mA', 0)}
        </dd>
        <dt>Units</dt>
        <dd className={countedUnits > maxUnits ? 'over' : undefined}>
          {countedUnits} of {Number.isFinite(maxUnits) ? maxUnits : '—'}
          {countedUnits > members.length ? ` (${members.length} and ${isolators} isolators)` : ''}
        </dd>
        <dt>Isolators</dt>
        <dd>{isolators}</dd>
        <dt>Resistance</dt>
        <dd className={voltages && maxResistance !== null && voltages.resistance > maxResistance ? 'over' : undefined}>
          {voltages ? `${voltages.resistance.toFixed(2)} Ω${of(maxResistance, 'Ω', 0)}` : '—'}
        </dd>
        {voltages && (
          <>
            <dt>Feed A only</dt>
            <dd className={voltages.fromA.below.length > 0 ? 'over' : undefined}>{feedText(voltages.fromA.worst)}</dd>
            <dt>Feed B only</dt>
            <dd className={voltages.fromB.below.length > 0 ? 'over' : undefined}>{feedText(voltages.fromB.worst)}</dd>
          </>
        )}
        <dt>Worst voltage</dt>
        <dd className={worst && worst.unit.voltage < worst.unit.minVoltage ? 'over' : undefined}>
          {figures.cannotWork
            ? ELECTRICAL_MESSAGES.cannotWork
            : worst
              ? `${volts(worst.unit.voltage)} at ${worst.unit.id} (feed ${worst.feed})`
              : '—'}
        </dd>
        <dt>Battery</dt>
        <dd className={battery && battery.battery.warnings.length > 0 ? 'over' : undefined}>
          {battery ? `${battery.id} ${batteryText(battery)}` : '—'}
        </dd>
        <dt>Wall crossings</dt>
        <dd>{wallCrossings.length}</dd>
      </dl>
      {maxLoad !== null && (
        <meter
          className="loop-gauge"
          aria-label="Loop load"
          min={0}
          max={maxLoad}
          low={maxLoad * 0.8}
          high={maxLoad * 0.95}
          optimum={0}
          value={Math.min(load, maxLoad)}
          title={`${load.toFixed(1)} of ${maxLoad} mA`}
        />
      )}
      {figures.warnings.length > 0 && (
        <ul className="loop-warnings" aria-label="Loop warnings">
          {figures.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {unknown.length > 0 && (
        <p className="over">
          {unknown.length} unit{unknown.length === 1 ? '' : 's'} without electrical data, not counted: {unknown.map((m) => m.id).join(', ')}
        </p>
      )}
      {wallCrossings.length > 0 && (
        <>
          <h3 className="side-subtitle">Wall crossings</h3>
          <ol className="loop-units wall-crossings" aria-label="Wall crossings of the loop">
            {wallCrossings.map((c, k) => (
              <li key={k}>
                <span className="section-name">{crossingName(model, c)}</span>
                <span className="section-figures muted">
                  {storeyName(model, c.storeyId)} · {c.point[0].toFixed(2)}, {c.point[1].toFixed(2)} m
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <h3 className="side-subtitle">Units in cable order</h3>
      <ol className="loop-units" aria-label="Units of the loop">
        {members.map((m) => (
          <li key={m.id}>
            <span className="section-name loop-address">{addressOf(model, m.id) ?? 'no address'}</span>
            <span className="section-figures muted">
              {m.id} · {m.known ? `${(m.alarmCurrent * 1000).toFixed(1)} mA` : 'no electrical data'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A unit's address as the installer reads it, section.address ('3.12'); null where it has none. */
function addressOf(model: Model, unitId: string): string | null {
  for (const section of Object.values(model.fire?.sections ?? {})) {
    const address = section.addresses[unitId];
    if (address !== undefined) return `${section.name || section.id}.${address}`;
  }
  return null;
}

/** A wall crossing as a designer names it: the rooms either side, and the wall's fire rating where it has one. */
function crossingName(model: Model, crossing: WallCrossing): string {
  const room = (id: string) => (id ? model.arch.rooms[id]?.name || id : 'outside');
  const rating = crossing.wallId ? model.arch.walls[crossing.wallId]?.fire_rating : '';
  return `${room(crossing.rooms[0])} → ${room(crossing.rooms[1])}${rating ? ` (${rating} wall)` : ''}`;
}

/** A feed's worst unit: its voltage, or in words where it falls below zero. */
const feedText = (worst: { id: string; voltage: number } | null) =>
  worst === null ? '—' : worst.voltage < 0 ? ELECTRICAL_MESSAGES.cannotWork : `${volts(worst.voltage)} at ${worst.id}`;
