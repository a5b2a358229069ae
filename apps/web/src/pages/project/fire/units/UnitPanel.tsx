import type { Detector, Model, OtherUnit, Siren } from '@edrf/model';
import { toast } from '../../../../ui/alerts';
import type { Selection } from '../../../../editor/selection';
import type { EditRequest } from '../../../../state/history';
import { MODEL_FIELD_ATTRIBUTE } from '../../../../state/shortcuts';
import { NumberField } from '../../model/NumberField';
import { UnitWarnings, type Analysis } from './analysis';
import { UNITS_PAGE_SLOTS } from './slots';
import { KIND, kindOfUnit, type PlacedGroup, type UnitKind } from './unit-kinds';
import {
  detectorPairs,
  productsOfUnit,
  requireFire,
  selectedUnits,
  unitFieldEdits,
  unitFieldsOf,
  type PlacedUnit,
  type ProductChoice,
  type UnitField,
  type UnitFields,
} from './units-edits';

const modelField = { [MODEL_FIELD_ATTRIBUTE]: '' };

/** What the armed placement tool places, and the choices it reads (F§4: 'the product chosen in the tool'). */
export interface Placement {
  kind: UnitKind;
  products: readonly ProductChoice[];
  /** The product a press gives ('' none). */
  productId: string;
  onProduct: (productId: string) => void;
  angle: number;
  /** Sirens: socketed onto a detector. */
  socket?: boolean;
  onSocket?: (on: boolean) => void;
  /** Detectors: the Hidden-detector toggle. */
  hidden?: boolean;
  onHidden?: (on: boolean) => void;
}

interface UnitPanelProps {
  model: Model;
  selection: Selection;
  placement: Placement | null;
  edit: (requests: EditRequest[]) => void;
  onDelete: () => void;
  /** The page's analysis: the selected unit's warnings (analysis/). */
  analysis?: Analysis;
}

/** The right sidebar of the units page: the armed tool's choices, then the selected unit's fields, or a count and Delete. */
export function UnitPanel({ model, selection, placement, edit, onDelete, analysis }: UnitPanelProps) {
  const units = selectedUnits(selection);
  const count = selection.kind === 'items' ? selection.items.length : 0;
  const Other = UNITS_PAGE_SLOTS.panel;
  return (
    <aside className="model-side model-properties units-panel" aria-label="Properties">
      {placement && <PlacementFields placement={placement} />}
      {count === 0 && !placement && <p className="muted">Select units on the plan, or pick a unit in the toolbar and press on the plan.</p>}
      {count === 1 && units.length === 1 && <UnitFieldsForm model={model} group={units[0]!.group} id={units[0]!.id} edit={edit} />}
      {count === 1 && units.length === 1 && <UnitWarnings analysis={analysis} unitId={units[0]!.id} />}
      {count === 1 && units.length === 0 && Other && <Other model={model} selection={selection} edit={edit} />}
      {count > 1 && <h2 className="side-title">{count} units selected</h2>}
      {count > 0 && (
        <button type="button" className="btn btn-danger-quiet btn-small" onClick={onDelete}>
          Delete
        </button>
      )}
    </aside>
  );
}

function PlacementFields({ placement }: { placement: Placement }) {
  const info = KIND[placement.kind];
  return (
    <section className="placement-fields" aria-label="Placing">
      <h2 className="side-title">Placing: {placement.kind === 'detector' && placement.hidden ? 'Hidden detector' : info.label}</h2>
      {info.products && (
        <label className="field">
          <span>New unit's product</span>
          <select value={placement.productId} onChange={(event) => placement.onProduct(event.target.value)}>
            {placement.products.length === 0 && <option value="">No product</option>}
            {placement.products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name || product.id}
              </option>
            ))}
          </select>
        </label>
      )}
      {placement.onHidden && (
        <label className="check">
          <input type="checkbox" checked={placement.hidden ?? false} onChange={(event) => placement.onHidden!(event.target.checked)} />
          Hidden detector
        </label>
      )}
      {placement.onSocket && (
        <label className="check">
          <input type="checkbox" checked={placement.socket ?? false} onChange={(event) => placement.onSocket!(event.target.checked)} />
          Socket onto a detector
        </label>
      )}
      {info.group !== 'detectors' && <p className="muted small">Angle {placement.angle}° (r +10°, R −1°)</p>}
    </section>
  );
}

/** The heading of a unit: its kind ('Hidden detector' for a hidden one). */
function unitTitle(group: PlacedGroup, unit: PlacedUnit): string {
  if (group === 'detectors' && (unit as Detector).hidden) return 'Hidden detector';
  const kind = kindOfUnit(group, group === 'others' ? (unit as OtherUnit).unit_type : undefined);
  return kind ? KIND[kind].label : 'Other unit';
}

function UnitFieldsForm({
  model,
  group,
  id,
  edit,
}: {
  model: Model;
  group: PlacedGroup;
  id: string;
  edit: (requests: EditRequest[]) => void;
}) {
  const fire = requireFire(model);
  const unit = fire.units[group][id];
  if (!unit) return null;
  const fields = unitFieldsOf(group);
  const set = <F extends UnitField>(field: F, value: UnitFields[F]) => {
    try {
      if (field === 'product_id' && group === 'ios' && UNITS_PAGE_SLOTS.ioProductEdits)
        edit(UNITS_PAGE_SLOTS.ioProductEdits(model, id, value as string));
      else edit(unitFieldEdits(model, group, id, field, value));
    } catch (error) {
      toast.error(`Failed to update unit: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const has = (field: UnitField) => fields.includes(field);
  const IoFields = UNITS_PAGE_SLOTS.ioFields;
  return (
    <>
      <h2 className="side-title">{unitTitle(group, unit)}</h2>
      {has('label') && (
        <label className="field">
          <span>Label text</span>
          <input
            {...modelField}
            autoComplete="off"
            value={(unit as { label: string }).label}
            onChange={(event) => set('label', event.target.value)}
          />
        </label>
      )}
      {has('product_id') && group !== 'labels' && (
        <label className="field">
          <span>Product</span>
          <select
            {...modelField}
            value={(unit as { product_id: string }).product_id}
            onChange={(event) => set('product_id', event.target.value)}
          >
            <option value="">No product</option>
            {productsOfUnit(model, group, unit).map((product) => (
              <option key={product.id} value={product.id}>
                {product.name || product.id}
              </option>
            ))}
          </select>
        </label>
      )}
      {has('angle') && (
        <NumberField label="Angle (°)" value={(unit as { angle: number }).angle} decimals={0} onCommit={(value) => set('angle', value)} />
      )}
      {has('z') && (
        <NumberField label="Height (z, m)" value={Math.round(unit.coord[2] * 1000) / 1000} onCommit={(value) => set('z', value)} />
      )}
      {has('hidden') && (
        <label className="check">
          <input
            {...modelField}
            type="checkbox"
            checked={(unit as Detector).hidden}
            onChange={(event) => set('hidden', event.target.checked)}
          />
          Hidden
        </label>
      )}
      {has('comment') && (
        <label className="field">
          <span>Comment</span>
          <textarea
            {...modelField}
            rows={3}
            value={(unit as { comment: string }).comment}
            onChange={(event) => set('comment', event.target.value)}
          />
        </label>
      )}
      {group === 'ios' && IoFields && <IoFields model={model} unitId={id} edit={edit} />}
      <dl className="details">
        <dt>Id</dt>
        <dd>{id}</dd>
        <UnitRelations model={model} group={group} unit={unit} />
      </dl>
    </>
  );
}

/** F§4: a detector's pair and a siren's socket, as the panel tells them. */
function UnitRelations({ model, group, unit }: { model: Model; group: PlacedGroup; unit: PlacedUnit }) {
  const fire = requireFire(model);
  if (group === 'sirens') {
    const lockedTo = (unit as Siren).locked_to;
    return lockedTo ? (
      <>
        <dt>Socketed onto</dt>
        <dd>{lockedTo}</dd>
      </>
    ) : null;
  }
  if (group === 'detectors') {
    const onStorey = Object.values(fire.units.detectors).filter((d) => d.storey_id === unit.storey_id);
    const partner = detectorPairs(onStorey).get(unit.id);
    const sirens = Object.values(fire.units.sirens).filter((s) => s.locked_to === unit.id);
    return (
      <>
        {partner && (
          <>
            <dt>Paired with</dt>
            <dd>{partner}</dd>
          </>
        )}
        {sirens.length > 0 && (
          <>
            <dt>Siren in socket</dt>
            <dd>{sirens.map((s) => s.id).join(', ')}</dd>
          </>
        )}
      </>
    );
  }
  return null;
}
