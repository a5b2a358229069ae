import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProductList, ProductOf, Products } from '@edrf/model';
import { fireHardwareKey, getFireHardware, type HardwareSet } from '../../../../../api/fire';
import { Modal } from '../../../../../ui/Modal';
import { LoadError } from '../../../../../ui/LoadError';
import { hasProduct, type PickedProduct } from './hardware-edits';
import { HARDWARE_LISTS } from './hardware-lists';

const keyOf = (list: ProductList, id: string) => `${list}/${id}`;

/** A set's products in the page's list order. */
function setProducts(set: HardwareSet): PickedProduct[] {
  return HARDWARE_LISTS.flatMap(({ list }) =>
    (set.products[list] as readonly ProductOf<ProductList>[]).map((product) => ({ list, product })),
  );
}

/**
 * The catalogue of hardware sets (F§3, get_fire_hardware): open a set, tick products, add them to the lists.
 * A product the lists already hold (the same fields) cannot be ticked; one whose id is taken gets a new id.
 */
export function CatalogueDialog({
  products,
  onAdd,
  onClose,
}: {
  products: Products;
  onAdd: (picked: PickedProduct[]) => void;
  onClose: () => void;
}) {
  const sets = useQuery({ queryKey: fireHardwareKey, queryFn: getFireHardware, staleTime: Infinity });
  const [open, setOpen] = useState<number | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<number | null>(null);
  const set = open === null ? undefined : sets.data?.[open];
  const items = set ? setProducts(set) : [];
  const addable = items.filter(({ list, product }) => !hasProduct(products, list, product));
  const chosen = addable.filter(({ list, product }) => picked.has(keyOf(list, product.id)));

  const openSet = (index: number) => {
    setOpen(index);
    setPicked(new Set());
    setAdded(null);
  };
  const toggle = (key: string) =>
    setPicked((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const add = () => {
    onAdd(chosen);
    setAdded(chosen.length);
    setPicked(new Set());
  };

  return (
    <Modal
      title="Hardware catalogue"
      onClose={onClose}
      width="52rem"
      footer={
        <>
          {added !== null && (
            <span className="muted grow" role="status">
              Added {added} {added === 1 ? 'product' : 'products'}
            </span>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn-primary" disabled={chosen.length === 0} onClick={add}>
            {chosen.length === 0 ? 'Add products' : `Add ${chosen.length} ${chosen.length === 1 ? 'product' : 'products'}`}
          </button>
        </>
      }
    >
      {sets.isPending ? (
        <div className="empty-state">Loading hardware sets…</div>
      ) : sets.isError ? (
        <LoadError error={sets.error} action="load the hardware catalogue" onRetry={() => void sets.refetch()} retrying={sets.isFetching} />
      ) : sets.data.length === 0 ? (
        <div className="empty-state">No hardware sets</div>
      ) : (
        <div className="catalogue">
          <ul className="catalogue-sets" aria-label="Hardware sets">
            {sets.data.map((entry, index) => (
              <li key={index}>
                <button type="button" className="catalogue-set" aria-pressed={open === index} onClick={() => openSet(index)}>
                  <span className="catalogue-set-name">{entry.name}</span>
                  <span className="muted small">{entry.source}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="catalogue-products">
            {!set ? (
              <p className="muted">Open a set to see its products.</p>
            ) : (
              <>
                <div className="row catalogue-head">
                  <h3 className="grow">{set.name}</h3>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={addable.length === 0}
                    onClick={() => setPicked(new Set(addable.map(({ list, product }) => keyOf(list, product.id))))}
                  >
                    Select all
                  </button>
                </div>
                {HARDWARE_LISTS.map(({ list, label }) => {
                  const group = items.filter((item) => item.list === list);
                  if (group.length === 0) return null;
                  return (
                    <fieldset key={list} className="catalogue-group">
                      <legend>{label}</legend>
                      {group.map(({ product }) => {
                        const key = keyOf(list, product.id);
                        const held = hasProduct(products, list, product);
                        return (
                          <label key={key} className={held ? 'check catalogue-held' : 'check'}>
                            <input type="checkbox" disabled={held} checked={held || picked.has(key)} onChange={() => toggle(key)} />
                            {product.name || product.id}
                            {held && <span className="muted small">in your lists</span>}
                          </label>
                        );
                      })}
                    </fieldset>
                  );
                })}
              </>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
