import { describe, expect, it } from 'vitest';
import { emptyModel, fireSchema, findDanglingReferences, validateModel, type Model } from '@edrf/model';
import { testArch } from '../../../../../editor/arch/test-arch';
import { applyEdits } from '../../../../../state/history';
import { createFireConfigForTest } from '../../test-fire';
import {
  addFromCatalogue,
  addProduct,
  freeProductId,
  hasProduct,
  moveProduct,
  patchProduct,
  productUsage,
  removeProduct,
  replaceProducts,
} from './hardware-edits';
import { HARDWARE_LISTS } from './hardware-lists';
import { PRODUCT_LISTS } from '@edrf/model';

/** A fire model whose rack holds a central with the loop card in its first port, and a detector and a route with products. */
function model(): Model {
  const fire = createFireConfigForTest('Sbf1108');
  return {
    ...emptyModel(),
    arch: testArch(),
    fire: fireSchema.parse({
      ...fire,
      units: {
        racks: { r1: { id: 'r1', storey_id: 's0', coord: [1, 1, 0.1] } },
        detectors: { d1: { id: 'd1', storey_id: 's0', coord: [1, 1, 2.95], product_id: 'sbf-smoke' } },
      },
      connections: {
        centrals: {
          c1: {
            id: 'c1',
            product_id: 'sbf-central-2',
            rack_id: 'r1',
            rack_pos: [0, 0],
            main_central: true,
            extensions: ['sbf-ext-loop', '', ''],
          },
        },
        cables: { k1: { id: 'k1', label: 'K1', product_id: 'sbf-cable-1' } },
      },
    }),
  };
}

const apply = (before: Model, requests: Parameters<typeof applyEdits>[1]) => applyEdits(before, requests).model;

describe('hardware edits', () => {
  it('the page shows every product list of the model once', () => {
    expect(HARDWARE_LISTS.map((info) => info.list).sort()).toEqual([...PRODUCT_LISTS].sort());
  });

  it('a new id is the first free one from the list length on', () => {
    expect(freeProductId([], 'cable')).toBe('cable-1');
    expect(freeProductId([{ id: 'cable-1' }, { id: 'cable-3' }], 'cable')).toBe('cable-4');
    expect(freeProductId([{ id: 'x' }, { id: 'y' }], 'cable')).toBe('cable-3');
  });

  it('patches one product by id, keeping its other fields and the other products', () => {
    const before = model();
    const products = before.fire!.config.products;
    const after = apply(before, patchProduct(products, 'cables', 'sbf-cable-2', { num: 2, type: 'Other' }));
    expect(after.fire!.config.products.cables).toEqual([
      products.cables[0],
      { ...products.cables[1], num: 2, type: 'Other' },
      products.cables[2],
    ]);
    expect(after.fire!.config.products.detectors).toBe(products.detectors);
    expect(patchProduct(products, 'cables', 'nope', { num: 2 })).toEqual([]);
    // @ts-expect-error a cable product has no field 'pairs': a wrong field name does not compile.
    patchProduct(products, 'cables', 'sbf-cable-2', { pairs: 2 });
    // @ts-expect-error nor a value of the wrong type.
    patchProduct(products, 'cables', 'sbf-cable-2', { type: 'Fibre' });
  });

  it('moves a product one place, and not past the ends', () => {
    const before = model();
    const products = before.fire!.config.products;
    expect(moveProduct(products, 'buttons', 'sbf-callpoint', -1)).toEqual([]);
    expect(moveProduct(products, 'buttons', 'sbf-callpoint-ip67', 1)).toEqual([]);
    const after = apply(before, moveProduct(products, 'buttons', 'sbf-callpoint', 1));
    expect(after.fire!.config.products.buttons.map((b) => b.id)).toEqual(['sbf-callpoint-ip67', 'sbf-callpoint']);
  });

  it('adds a product with its kind defaults at the end', () => {
    const before = model();
    const { id, requests } = addProduct(before.fire!.config.products, 'centrals');
    expect(id).toBe('central-3');
    const added = apply(before, requests).fire!.config.products.centrals[2];
    expect(added).toMatchObject({
      id: 'central-3',
      name: 'New central',
      rack_size: [40, 20],
      route_max_units: 1000,
      voltage_output: [24, 24],
    });
  });

  it("removing a central extension empties the central's port, keeping the port positions; the model stays valid", () => {
    const before = model();
    expect(productUsage(before.fire!, 'central_extensions', 'sbf-ext-loop')).toBe(1);
    expect(productUsage(before.fire!, 'centrals', 'sbf-central-2')).toBe(1);
    expect(productUsage(before.fire!, 'central_extensions', 'sbf-ext-relay')).toBe(0);
    const after = apply(before, removeProduct(before, 'central_extensions', 'sbf-ext-loop'));
    expect(after.fire!.connections.centrals.c1!.extensions).toEqual(['', '', '']);
    expect(after.fire!.config.products.central_extensions.map((e) => e.id)).not.toContain('sbf-ext-loop');
    expect(after.fire!.units).toBe(before.fire!.units);
    expect(findDanglingReferences(after)).toEqual([]);
    expect(validateModel(after).ok).toBe(true);
  });

  it('replacing the lists with the same content is no edit; with other lists, references to gone products are cleared', () => {
    const before = model();
    const products = before.fire!.config.products;
    expect(replaceProducts(before, structuredClone(products))).toEqual([]);
    const next = { ...structuredClone(products), detectors: products.detectors.slice(1), centrals: [] };
    const after = apply(before, replaceProducts(before, next));
    expect(after.fire!.config.products).toEqual(next);
    expect(after.fire!.units.detectors.d1!.product_id).toBe('');
    expect(after.fire!.connections.centrals.c1!.product_id).toBe('');
    expect(after.fire!.connections.cables.k1!.product_id).toBe('sbf-cable-1');
    expect(after.fire!.config.products.cables).toBe(products.cables);
    expect(findDanglingReferences(after)).toEqual([]);
  });

  it('catalogue products go to the end of their lists; a taken id gets -2, -3, …', () => {
    const before = model();
    const products = before.fire!.config.products;
    const smoke = { ...products.detectors[0]!, name: 'Other smoke' };
    const requests = addFromCatalogue(products, [
      { list: 'detectors', product: smoke },
      { list: 'detectors', product: { ...smoke, name: 'Third smoke' } },
      { list: 'plinths', product: { id: 'new-plinth', name: 'P', rack_size: [3, 12], num_connections: 2 } },
    ]);
    const after = apply(before, requests).fire!.config.products;
    expect(after.detectors.slice(-2).map((d) => [d.id, d.name])).toEqual([
      ['sbf-smoke-2', 'Other smoke'],
      ['sbf-smoke-3', 'Third smoke'],
    ]);
    expect(after.plinths.at(-1)!.id).toBe('new-plinth');
    expect(hasProduct(after, 'detectors', { ...smoke, id: 'anything' })).toBe(true);
    expect(hasProduct(products, 'detectors', smoke)).toBe(false);
  });
});
