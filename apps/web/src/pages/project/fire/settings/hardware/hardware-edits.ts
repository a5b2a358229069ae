import {
  PRODUCT_LISTS,
  REFERENCES,
  deleteItems,
  newProduct,
  referencePattern,
  referenceSites,
  type Fire,
  type ItemKind,
  type ItemRef,
  type Model,
  type ProductList,
  type ProductOf,
  type Products,
} from '@edrf/model';
import { setAt } from '../../../../../state/typed-path';
import type { EditRequest } from '../../../../../state/history';
import { diffPaths, sameContent } from '../../../../../state/paths';
import { listInfo, newProductName } from './hardware-lists';

/**
 * The hardware page's changes to the model, as edit requests for the project store. A product list is
 * an ordered array (its order is the rank, F§4), so every change writes the list as a whole at its
 * typed path fire.config.products.{list}; a product's fields are patched with their own types.
 */

/** The whole list at its typed path. */
export function setList<L extends ProductList>(list: L, items: readonly ProductOf<L>[]): EditRequest {
  // The path is checked up to the list name; TypeScript cannot resolve the value's type for a generic list, so
  // the value is checked against the union of the lists (each product's fields are checked by patchProduct).
  const name: ProductList = list;
  return setAt(['fire', 'config', 'products', name], items as Products[ProductList]);
}

const kindOf = (list: ProductList): ItemKind => `fire.config.products.${list}`;

/** A copy of the product with some of its fields changed: a field name the kind does not have fails to compile. */
export function patchProduct<L extends ProductList>(products: Products, list: L, id: string, patch: Partial<ProductOf<L>>): EditRequest[] {
  const items = products[list] as readonly ProductOf<L>[];
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return [];
  const next = items.slice();
  next[index] = { ...items[index]!, ...patch };
  return [setList(list, next)];
}

/** An id no product of the list has: 'detector-5' after the list's length, or the first free one after it. */
export function freeProductId(items: readonly { id: string }[], prefix: string): string {
  const taken = new Set(items.map((item) => item.id));
  let n = items.length + 1;
  while (taken.has(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

/** A new product with the defaults of F§9 at the end of its list. */
export function addProduct<L extends ProductList>(products: Products, list: L): { id: string; requests: EditRequest[] } {
  const items = products[list] as readonly ProductOf<L>[];
  const id = freeProductId(items, listInfo(list).idPrefix);
  return { id, requests: [setList(list, [...items, newProduct(list, id, newProductName(list))])] };
}

/** F§4: one place up (-1) or down (+1) in its list; nothing at the ends. */
export function moveProduct<L extends ProductList>(products: Products, list: L, id: string, by: -1 | 1): EditRequest[] {
  const items = products[list] as readonly ProductOf<L>[];
  const from = items.findIndex((item) => item.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= items.length) return [];
  const next = items.slice();
  [next[from], next[to]] = [next[to]!, next[from]!];
  return [setList(list, next)];
}

/** The edits inside the fire units and connections that make `after` of `before` (references cleared by a delete). */
function referenceEdits(before: Model, after: Model): EditRequest[] {
  if (!before.fire || !after.fire) return [];
  return [
    ...diffPaths(before.fire.units, after.fire.units, ['fire', 'units']),
    ...diffPaths(before.fire.connections, after.fire.connections, ['fire', 'connections']),
  ].map((change) => ({ path: change.path, value: change.after }));
}

/**
 * Removes products with the model's rule for a deleted product (docs/model.md): units, rack units,
 * cables and routes that named them keep their place and lose their product; a central's port that held
 * a removed extension is emptied.
 */
function deleteProducts(model: Model, refs: readonly ItemRef[]): EditRequest[] {
  if (refs.length === 0) return [];
  return referenceEdits(model, deleteItems(model, refs));
}

/** Removes one product from its list, clearing what named it. */
export function removeProduct<L extends ProductList>(model: Model, list: L, id: string): EditRequest[] {
  const items = (model.fire?.config.products[list] ?? []) as readonly ProductOf<L>[];
  if (!items.some((item) => item.id === id)) return [];
  return [
    setList(
      list,
      items.filter((item) => item.id !== id),
    ),
    ...deleteProducts(model, [{ kind: kindOf(list), id }]),
  ];
}

/**
 * An imported hardware file replaces the product lists (one edit): lists whose content is the same are left
 * alone, and what named a product that is not in the new lists loses it, as when the product is removed.
 */
export function replaceProducts(model: Model, next: Products): EditRequest[] {
  const products = model.fire?.config.products;
  if (!products) return [];
  const gone: ItemRef[] = [];
  const lists: EditRequest[] = [];
  for (const list of PRODUCT_LISTS) {
    if (sameContent(products[list], next[list])) continue;
    const kept = new Set(next[list].map((item) => item.id));
    for (const item of products[list]) if (!kept.has(item.id)) gone.push({ kind: kindOf(list), id: item.id });
    lists.push(setList(list, next[list]));
  }
  return [...lists, ...deleteProducts(model, gone)];
}

/** How many references in the fire model name the product (units, rack units, cables, routes, central ports). */
export function productUsage(fire: Fire, list: ProductList, id: string): number {
  const kind = kindOf(list);
  const patterns = new Set(REFERENCES.filter((ref) => ref.targets.includes(kind)).map(referencePattern));
  return referenceSites({ fire }).filter((site) => site.id === id && patterns.has(site.pattern)).length;
}

/** A product of a catalogue set, with the list it belongs in. */
export interface PickedProduct<L extends ProductList = ProductList> {
  list: L;
  product: ProductOf<L>;
}

const withoutId = (product: { id: string }) => ({ ...product, id: '' });

/** The list already holds this product: the same fields, whatever its id. */
export const hasProduct = (products: Products, list: ProductList, product: { id: string }): boolean =>
  (products[list] as readonly { id: string }[]).some((item) => sameContent(withoutId(item), withoutId(product)));

/**
 * Products from a catalogue set appended to their lists, in the set's order; a product whose id is taken in
 * its list gets a new one ('{id}-2', '{id}-3', …).
 */
export function addFromCatalogue(products: Products, picked: readonly PickedProduct[]): EditRequest[] {
  const byList = new Map<ProductList, { id: string }[]>();
  for (const { list, product } of picked) {
    const items = byList.get(list) ?? (products[list] as readonly { id: string }[]).slice();
    const taken = new Set(items.map((item) => item.id));
    let id = product.id;
    for (let n = 2; taken.has(id); n++) id = `${product.id}-${n}`;
    items.push({ ...product, id });
    byList.set(list, items);
  }
  return [...byList].map(([list, items]) => setList(list, items as ProductOf<typeof list>[]));
}
