import { useId, useState } from 'react';
import type { ProductList, Products } from '@edrf/model';
import { HARDWARE_LISTS, type HardwareListInfo } from './hardware-lists';

export interface ProductSelection {
  list: ProductList;
  id: string;
}

interface ListsProps {
  products: Products;
  selection: ProductSelection | null;
  onSelect: (selection: ProductSelection) => void;
  onAdd: (list: ProductList) => void;
  onMove: (list: ProductList, id: string, by: -1 | 1) => void;
}

/**
 * The eleven product lists of F§2, each a collapsible section whose heading gives its count. A list's order
 * is the products' rank: each row has rank up and down buttons, disabled at the list's ends (F§4).
 */
export function ProductLists(props: ListsProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<ProductList>>(new Set());
  const toggle = (list: ProductList) =>
    setCollapsed((now) => {
      const next = new Set(now);
      if (!next.delete(list)) next.add(list);
      return next;
    });
  const add = (list: ProductList) => {
    setCollapsed((now) => new Set([...now].filter((other) => other !== list)));
    props.onAdd(list);
  };
  return (
    <div className="hardware-lists">
      {HARDWARE_LISTS.map((info) => (
        <ListSection
          key={info.list}
          {...props}
          info={info}
          open={!collapsed.has(info.list)}
          onToggle={() => toggle(info.list)}
          onAdd={() => add(info.list)}
        />
      ))}
    </div>
  );
}

function ListSection({
  info,
  products,
  selection,
  open,
  onToggle,
  onSelect,
  onAdd,
  onMove,
}: Omit<ListsProps, 'onAdd'> & { info: HardwareListInfo; open: boolean; onToggle: () => void; onAdd: () => void }) {
  const id = useId();
  const items = products[info.list] as readonly { id: string; name: string }[];
  return (
    <section className="hardware-list" aria-labelledby={`${id}-heading`}>
      <header className="hardware-list-header">
        <h2 id={`${id}-heading`}>
          <button type="button" className="hardware-toggle" aria-expanded={open} aria-controls={`${id}-items`} onClick={onToggle}>
            <span className="hardware-caret" aria-hidden="true" />
            {info.label} <span className="hardware-count">{items.length}</span>
          </button>
        </h2>
        <button type="button" className="btn btn-small" onClick={onAdd} aria-label={`Add ${info.noun}`} title={`Add a ${info.noun}`}>
          Add
        </button>
      </header>
      {open && (
        <div id={`${id}-items`}>
          {items.length === 0 ? (
            <p className="muted small hardware-empty">No products</p>
          ) : (
            <ol className="hardware-items" aria-label={info.label}>
              {items.map((item, index) => {
                const selected = selection?.list === info.list && selection.id === item.id;
                const name = item.name || item.id;
                return (
                  <li key={item.id} className={selected ? 'selected' : undefined}>
                    <button
                      type="button"
                      className="hardware-item"
                      aria-pressed={selected}
                      onClick={() => onSelect({ list: info.list, id: item.id })}
                    >
                      <span className="hardware-rank">{index + 1}</span>
                      <span className="hardware-name">{name}</span>
                    </button>
                    <button
                      type="button"
                      className="icon-btn hardware-rank-button"
                      aria-label={`Rank up: ${name}`}
                      title="Rank up"
                      disabled={index === 0}
                      onClick={() => onMove(info.list, item.id, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon-btn hardware-rank-button"
                      aria-label={`Rank down: ${name}`}
                      title="Rank down"
                      disabled={index === items.length - 1}
                      onClick={() => onMove(info.list, item.id, 1)}
                    >
                      ↓
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
