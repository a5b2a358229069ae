import type { ProductList, ProductOf, Products } from '@edrf/model';
import { TextField } from './field-editors';
import { listInfo } from './hardware-lists';
import {
  ButtonFields,
  CableFields,
  CentralExtensionFields,
  CentralFields,
  DetectorFields,
  IoFields,
  OtherRackProductFields,
  OtherUnitFields,
  PlinthFields,
  PowerSupplyFields,
  SirenFields,
} from './kind-fields';

/** The selected product: its list, and the product as the model holds it now. */
export type SelectedProduct = { [L in ProductList]: { list: L; product: ProductOf<L> } }[ProductList];

/** The product the selection names, or null when it is gone (removed, or undone away). */
export function selectedProduct(products: Products, selection: { list: ProductList; id: string } | null): SelectedProduct | null {
  if (!selection) return null;
  const product = (products[selection.list] as readonly ProductOf<ProductList>[]).find((item) => item.id === selection.id);
  return product ? ({ list: selection.list, product } as SelectedProduct) : null;
}

export type PatchProduct = <L extends ProductList>(list: L, id: string, patch: Partial<ProductOf<L>>) => void;

interface PanelProps {
  selected: SelectedProduct | null;
  /** Rank in its list, from 1, and the list's length. */
  rank: { at: number; of: number } | null;
  /** How many places in the design name the product. */
  usage: number;
  onPatch: PatchProduct;
  onRemove: () => void;
}

/** The right side panel: every field of the selected product's kind (F§3), and Remove. */
export function ProductPanel({ selected, rank, usage, onPatch, onRemove }: PanelProps) {
  return (
    <aside className="model-side model-properties hardware-panel" aria-label="Product">
      {!selected ? (
        <p className="muted">Select a product to edit it, or add one to a list.</p>
      ) : (
        // A new product starts with fresh fields (a number typed but not committed does not carry over).
        <div key={`${selected.list}/${selected.product.id}`}>
          <h2 className="side-title">{capitalize(listInfo(selected.list).noun)}</h2>
          <dl className="details">
            <dt>Id</dt>
            <dd>{selected.product.id}</dd>
            {rank && (
              <>
                <dt>Rank</dt>
                <dd>
                  {rank.at} of {rank.of}
                </dd>
              </>
            )}
          </dl>
          <TextField
            label="Name"
            value={selected.product.name}
            onChange={(name) => onPatch(selected.list, selected.product.id, { name })}
          />
          <KindFields selected={selected} onPatch={onPatch} />
          {usage > 0 && (
            <p className="muted small">
              Used {usage} {usage === 1 ? 'time' : 'times'} in the design; removing it leaves those without a product.
            </p>
          )}
          <button type="button" className="btn btn-danger-quiet btn-small" onClick={onRemove}>
            Remove product
          </button>
        </div>
      )}
    </aside>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function KindFields({ selected, onPatch }: { selected: SelectedProduct; onPatch: PatchProduct }) {
  const id = selected.product.id;
  switch (selected.list) {
    case 'centrals':
      return <CentralFields product={selected.product} onChange={(patch) => onPatch('centrals', id, patch)} />;
    case 'detectors':
      return <DetectorFields product={selected.product} onChange={(patch) => onPatch('detectors', id, patch)} />;
    case 'sirens':
      return <SirenFields product={selected.product} onChange={(patch) => onPatch('sirens', id, patch)} />;
    case 'buttons':
      return <ButtonFields product={selected.product} onChange={(patch) => onPatch('buttons', id, patch)} />;
    case 'ios':
      return <IoFields product={selected.product} onChange={(patch) => onPatch('ios', id, patch)} />;
    case 'other_units':
      return <OtherUnitFields product={selected.product} onChange={(patch) => onPatch('other_units', id, patch)} />;
    case 'cables':
      return <CableFields product={selected.product} onChange={(patch) => onPatch('cables', id, patch)} />;
    case 'plinths':
      return <PlinthFields product={selected.product} onChange={(patch) => onPatch('plinths', id, patch)} />;
    case 'power_supplies':
      return <PowerSupplyFields product={selected.product} onChange={(patch) => onPatch('power_supplies', id, patch)} />;
    case 'other_rack_products':
      return <OtherRackProductFields product={selected.product} onChange={(patch) => onPatch('other_rack_products', id, patch)} />;
    case 'central_extensions':
      return <CentralExtensionFields product={selected.product} onChange={(patch) => onPatch('central_extensions', id, patch)} />;
  }
}
