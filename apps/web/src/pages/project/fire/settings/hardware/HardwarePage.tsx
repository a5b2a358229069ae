import { useMemo, useState } from 'react';
import type { ProductList, Products } from '@edrf/model';
import { saveBlob } from '../../../../../api/admin';
import type { EditRequest } from '../../../../../state/history';
import { useModelEdit, useProjectState, useProjectStore } from '../../../../../state/use-project';
import { CatalogueDialog } from './CatalogueDialog';
import { addFromCatalogue, addProduct, moveProduct, patchProduct, productUsage, removeProduct, replaceProducts } from './hardware-edits';
import { hardwareExport } from './hardware-file';
import { ImportDialog } from './ImportDialog';
import { ProductLists, type ProductSelection } from './ProductLists';
import { ProductPanel, selectedProduct, type PatchProduct } from './ProductPanel';
import './hardware.css';

/**
 * /project/{id}/fire/settings/hardware (F§2): the eleven product lists, a side panel editing the selected
 * product, Import and Export of a hardware .json and the catalogue of hardware sets. Every change is an
 * edit of the project store (undo, redo, sync, working copy).
 */
export function HardwarePage() {
  const store = useProjectStore();
  const { model } = useProjectState();
  const edit = useModelEdit();
  const [selection, setSelection] = useState<ProductSelection | null>(null);
  const [dialog, setDialog] = useState<'import' | 'catalogue' | null>(null);
  const fire = model.fire;
  const selected = fire ? selectedProduct(fire.config.products, selection) : null;
  const selectedList = selected?.list;
  const selectedId = selected?.product.id;
  const usage = useMemo(
    () => (fire && selectedList && selectedId ? productUsage(fire, selectedList, selectedId) : 0),
    [fire, selectedList, selectedId],
  );
  // The fire area sends a model without a fire config away (FireLayout).
  if (!fire) return null;
  const products = fire.config.products;

  // Edits are built on the store's model at the time of the event: a number field committed on blur by the
  // click that follows is already in it.
  const current = () => store.getState().model;
  const currentProducts = () => current().fire?.config.products ?? products;
  const run = (requests: EditRequest[]) => requests.length > 0 && edit(requests);
  const onPatch: PatchProduct = (list, id, patch) => run(patchProduct(currentProducts(), list, id, patch));
  const onAdd = (list: ProductList) => {
    const added = addProduct(currentProducts(), list);
    run(added.requests);
    setSelection({ list, id: added.id });
  };
  const onRemove = () => {
    if (!selected) return;
    run(removeProduct(current(), selected.list, selected.product.id));
    setSelection(null);
  };
  const onImport = (next: Products) => {
    run(replaceProducts(current(), next));
    setDialog(null);
  };
  const onExport = () => {
    const { fileName, blob } = hardwareExport(currentProducts(), model.edrf_schema, model.config.name, new Date());
    saveBlob(blob, fileName);
  };
  const rankOf = () => {
    if (!selected) return null;
    const items = products[selected.list] as readonly { id: string }[];
    return { at: items.findIndex((item) => item.id === selected.product.id) + 1, of: items.length };
  };

  return (
    <div className="hardware-page">
      <div className="hardware-main">
        <div className="hardware-toolbar">
          <h1 className="grow">Hardware</h1>
          <button type="button" className="btn btn-small" onClick={() => setDialog('catalogue')}>
            Catalogue
          </button>
          <button type="button" className="btn btn-small" onClick={() => setDialog('import')}>
            Import
          </button>
          <button type="button" className="btn btn-small" onClick={onExport}>
            Export
          </button>
        </div>
        <ProductLists
          products={products}
          selection={selected && { list: selected.list, id: selected.product.id }}
          onSelect={setSelection}
          onAdd={onAdd}
          onMove={(list, id, by) => run(moveProduct(currentProducts(), list, id, by))}
        />
      </div>
      <ProductPanel selected={selected} rank={rankOf()} usage={usage} onPatch={onPatch} onRemove={onRemove} />
      {dialog === 'import' && <ImportDialog onImport={onImport} onClose={() => setDialog(null)} />}
      {dialog === 'catalogue' && (
        <CatalogueDialog
          products={products}
          onAdd={(picked) => run(addFromCatalogue(currentProducts(), picked))}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
