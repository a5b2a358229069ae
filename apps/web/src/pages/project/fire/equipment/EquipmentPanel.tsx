import type { Fire, Model } from '@edrf/model';
import type { Selection } from '../../../../editor/selection';
import { setAt } from '../../../../state/typed-path';
import type { EditRequest } from '../../../../state/history';
import { MODEL_FIELD_ATTRIBUTE } from '../../../../state/shortcuts';
import { NumberField } from '../../model/NumberField';
import { EQUIPMENT_LABEL } from '../units/racks/rack-edits';
import { extensionEdits, extensionFits, mainCentralEdits, rackPosEdits, unitProductEdits } from './equipment-edits';
import { equipmentUnits, placeOf, routeRacks, type EquipmentUnit } from './equipment-layout';
import { unitName } from './layers/equipment-painters';
import { supplyChecksOf } from '../routes/run/cabling-warnings';
import { batteryShort, batteryText } from './battery-text';

interface EquipmentPanelProps {
  model: Model;
  selection: Selection;
  edit: (requests: EditRequest[]) => void;
  onDelete: () => void;
}

const modelField = { [MODEL_FIELD_ATTRIBUTE]: '' };

/** The product list a rack unit picks from (an alarm transmitter: the other rack products of that type). */
function productsOf(fire: Fire, unit: EquipmentUnit): readonly { id: string; name: string }[] {
  const products = fire.config.products;
  switch (unit.group) {
    case 'centrals':
      return products.centrals;
    case 'plinths':
      return products.plinths;
    case 'power_supplies':
      return products.power_supplies;
    case 'others':
      return products.other_rack_products.filter((p) => p.unit_type === unit.unit.unit_type);
  }
}

function ProductSelect(props: {
  label: string;
  value: string;
  products: readonly { id: string; name: string }[];
  onChange: (id: string) => void;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <select {...modelField} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">No product</option>
        {props.products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name || product.id}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A unit's connections by name: a cable's label (or id), 'Route route-1 to +D2'. */
function Connections({ fire, ids }: { fire: Fire; ids: readonly string[] }) {
  if (ids.length === 0) return <p className="muted small">No connections.</p>;
  return (
    <ul aria-label="Connections">
      {ids.map((id) => {
        const cable = fire.connections.cables[id];
        const route = fire.connections.routes[id];
        const racks = route ? routeRacks(route).map((rack) => placeOf(fire, rack)?.label ?? rack) : [];
        return <li key={id}>{cable ? `Cable ${cable.label || cable.id}` : route ? `Route ${id} (${racks.join(' – ')})` : id}</li>;
      })}
    </ul>
  );
}

/**
 * Issue 34: the battery a central or power supply needs for what it carries and the one it has, by the engine's supply
 * checks of the model as it is (the routes page warns by the same), with the check's warnings.
 */
function BatteryCheckFields({ model, unitId }: { model: Model; unitId: string }) {
  const check = supplyChecksOf(model).find((c) => c.id === unitId);
  if (!check) return null;
  const fed = check.fedUnits.length;
  return (
    <section aria-label="Battery check">
      <dl className="details">
        <dt>Carries</dt>
        <dd>
          {check.kind === 'central' ? `${check.loopUnits} loop unit${check.loopUnits === 1 ? '' : 's'}, ` : ''}
          {fed} fed unit{fed === 1 ? '' : 's'}
        </dd>
        <dt>Battery</dt>
        <dd className={batteryShort(check) ? 'over' : undefined}>{batteryText(check)}</dd>
      </dl>
      {check.battery.warnings.length > 0 && (
        <ul className="loop-warnings" aria-label="Battery warnings">
          {check.battery.warnings.map((w) => (
            <li key={w} className="over">
              {w}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UnitFields({ model, fire, unit, edit }: { model: Model; fire: Fire; unit: EquipmentUnit; edit: EquipmentPanelProps['edit'] }) {
  const setPos = (axis: 0 | 1, value: number) => {
    const pos: [number, number] = [unit.box.pos[0], unit.box.pos[1]];
    pos[axis] = value;
    const requests = rackPosEdits(model, unit, pos);
    if (requests) edit(requests);
  };
  // A power supply's battery is its product's (F§3 'Power supply: properties').
  const battery = fire.config.products.power_supplies.find((p) => p.id === unit.unit.product_id)?.properties;
  return (
    <>
      <dl className="details">
        <dt>Id</dt>
        <dd>{unit.id}</dd>
        <dt>Rack</dt>
        <dd>{placeOf(fire, unit.rackId)?.label || unit.rackId}</dd>
        <dt>Size</dt>
        <dd>
          {unit.box.size[0]} × {unit.box.size[1]}
        </dd>
      </dl>
      <ProductSelect
        label="Product"
        value={unit.unit.product_id}
        products={productsOf(fire, unit)}
        onChange={(id) => edit(unitProductEdits(model, unit, id))}
      />
      <div className="field-row">
        <NumberField label="Rack position x" decimals={0} value={unit.box.pos[0]} onCommit={(v) => setPos(0, v)} />
        <NumberField label="Rack position y" decimals={0} value={unit.box.pos[1]} onCommit={(v) => setPos(1, v)} />
      </div>
      {unit.group === 'centrals' && (
        <>
          <label className="check">
            <input
              {...modelField}
              type="checkbox"
              checked={unit.unit.main_central}
              // The model keeps one main central (F§9): another central is made main instead of this one turned off.
              disabled={unit.unit.main_central}
              onChange={() => edit(mainCentralEdits(model, unit.id))}
            />
            Main central
          </label>
          <h3 className="side-subtitle">Battery</h3>
          <BatteryCheckFields model={model} unitId={unit.id} />
          <h3 className="side-subtitle">Extensions</h3>
          {unit.unit.extensions.length === 0 ? (
            <p className="muted small">The product has no extension ports.</p>
          ) : (
            unit.unit.extensions.map((extension, i) => {
              const port = fire.config.products.centrals.find((p) => p.id === unit.unit.product_id)?.extension_ports[i] ?? 'Any';
              const fitting = fire.config.products.central_extensions.filter((e) => extensionFits(fire, e.id, port));
              return (
                <label className="field" key={i}>
                  <span>
                    Port {i + 1}: {port}
                  </span>
                  <select
                    {...modelField}
                    value={extension}
                    onChange={(event) => edit(extensionEdits(model, unit.id, i, event.target.value))}
                  >
                    <option value="">Empty</option>
                    {fitting.map((e) => (
                      <option key={e.id} value={e.id}>
                        {e.name || e.id}
                      </option>
                    ))}
                  </select>
                </label>
              );
            })
          )}
        </>
      )}
      {unit.group === 'power_supplies' && (
        <>
          <h3 className="side-subtitle">Battery</h3>
          {battery ? (
            <dl className="details">
              <dt>Voltage</dt>
              <dd>{battery.voltage} V</dd>
              <dt>Ampere-hours</dt>
              <dd>{battery.ampere_hours} Ah</dd>
              <dt>Life</dt>
              <dd>{battery.life_years} years</dd>
            </dl>
          ) : (
            <p className="muted small">Choose a product to see its battery.</p>
          )}
          <BatteryCheckFields model={model} unitId={unit.id} />
        </>
      )}
      <h3 className="side-subtitle">Connections</h3>
      <Connections fire={fire} ids={unit.unit.connections} />
    </>
  );
}

/**
 * The side panel of the selection (F§2): a rack's label and size; a rack unit's product, rack position (integers,
 * F§5), a central's main-central flag and extensions (one per extension port of its product), a power supply's
 * battery, the unit's connections; a cable's label, product and pairs; a route's racks and product.
 */
export function EquipmentPanel({ model, selection, edit, onDelete }: EquipmentPanelProps) {
  const fire = model.fire;
  const items = selection.kind === 'items' ? selection.items : [];
  const ref = items.length === 1 ? items[0]! : null;
  const body = (() => {
    if (!fire) return null;
    if (items.length > 1) return <p className="muted">{items.length} items selected.</p>;
    if (!ref) return <p className="muted">Select a rack, a unit, a cable or a route; Add puts equipment into a rack.</p>;
    if (ref.kind === 'fire.units.racks') {
      const rack = fire.units.racks[ref.id];
      const place = placeOf(fire, ref.id);
      if (!rack) return null;
      return (
        <>
          <h2 className="side-title">{rack.physical ? 'Rack' : EQUIPMENT_LABEL}</h2>
          <dl className="details">
            <dt>Label</dt>
            <dd>{place?.label || '–'}</dd>
            <dt>Units</dt>
            <dd>{equipmentUnits(fire, rack.id).length}</dd>
          </dl>
          <div className="field-row">
            <NumberField
              label="Width"
              min={1}
              decimals={0}
              value={rack.size[0]}
              onCommit={(w) => edit([setAt(['fire', 'units', 'racks', rack.id, 'size'], [w, rack.size[1]])])}
            />
            <NumberField
              label="Height"
              min={1}
              decimals={0}
              value={rack.size[1]}
              onCommit={(h) => edit([setAt(['fire', 'units', 'racks', rack.id, 'size'], [rack.size[0], h])])}
            />
          </div>
        </>
      );
    }
    if (ref.kind === 'fire.connections.cables') {
      const cable = fire.connections.cables[ref.id];
      if (!cable) return null;
      const product = fire.config.products.cables.find((p) => p.id === cable.product_id);
      return (
        <>
          <h2 className="side-title">Cable</h2>
          <dl className="details">
            <dt>Id</dt>
            <dd>{cable.id}</dd>
            <dt>Pairs</dt>
            <dd>{product ? product.num : '–'}</dd>
          </dl>
          <label className="field">
            <span>Label</span>
            <input
              {...modelField}
              autoComplete="off"
              value={cable.label}
              onChange={(event) => edit([setAt(['fire', 'connections', 'cables', cable.id, 'label'], event.target.value)])}
            />
          </label>
          <ProductSelect
            label="Product"
            value={cable.product_id}
            products={fire.config.products.cables}
            onChange={(id) => edit([setAt(['fire', 'connections', 'cables', cable.id, 'product_id'], id)])}
          />
          <p className="muted small">Drag its ends onto units: two units of different racks make a cable route between the racks.</p>
        </>
      );
    }
    if (ref.kind === 'fire.connections.routes') {
      const route = fire.connections.routes[ref.id];
      if (!route) return null;
      const product = fire.config.products.cables.find((p) => p.id === route.product_id);
      return (
        <>
          <h2 className="side-title">Cable route</h2>
          <dl className="details">
            <dt>Id</dt>
            <dd>{route.id}</dd>
            <dt>Racks</dt>
            <dd>
              {routeRacks(route)
                .map((rack) => placeOf(fire, rack)?.label || rack)
                .join(' – ')}
            </dd>
            <dt>Pairs</dt>
            <dd>{product ? product.num : '–'}</dd>
          </dl>
          <ProductSelect
            label="Product"
            value={route.product_id}
            products={fire.config.products.cables}
            onChange={(id) => edit([setAt(['fire', 'connections', 'routes', route.id, 'product_id'], id)])}
          />
        </>
      );
    }
    const unit = equipmentUnits(fire).find((u) => u.id === ref.id && ref.kind === `fire.connections.${u.group}`);
    if (!unit) return null;
    return (
      <>
        <h2 className="side-title">{unitName(fire, unit)}</h2>
        <UnitFields model={model} fire={fire} unit={unit} edit={edit} />
      </>
    );
  })();
  return (
    <aside className="model-side model-properties equipment-panel" aria-label="Properties">
      {body}
      {items.length > 0 && (
        <button type="button" className="btn btn-small" onClick={onDelete}>
          Delete
        </button>
      )}
    </aside>
  );
}
