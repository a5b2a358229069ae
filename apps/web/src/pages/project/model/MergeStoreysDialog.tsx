import { useState } from 'react';
import type { Arch } from '@edrf/model';
import { storeysTopDown } from '../../../editor/arch/storeys';
import { Modal } from '../../../ui/Modal';
import { storeyLabel } from './storey-label';

/** P§2 Merge storeys: the kept storey and at least one other (P§5); their items move into the kept one. */
export function MergeStoreysDialog({
  arch,
  keepId,
  onMerge,
  onClose,
}: {
  arch: Arch;
  keepId: string;
  onMerge: (keepId: string, otherIds: string[]) => void;
  onClose: () => void;
}) {
  const storeys = storeysTopDown(arch);
  const [keep, setKeep] = useState(keepId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const others = storeys.filter((storey) => storey.id !== keep);
  const picked = others.filter((storey) => chosen.has(storey.id)).map((storey) => storey.id);
  return (
    <Modal
      title="Merge storeys"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={picked.length === 0} onClick={() => onMerge(keep, picked)}>
            Merge
          </button>
        </>
      }
    >
      <label className="field">
        <span>Keep storey</span>
        <select value={keep} onChange={(event) => setKeep(event.target.value)}>
          {storeys.map((storey) => (
            <option key={storey.id} value={storey.id}>
              {storeyLabel(storey)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="merge-choices">
        <legend>Merge into it</legend>
        {others.length === 0 && <p className="muted">There is no other storey.</p>}
        {others.map((storey) => (
          <label key={storey.id} className="check">
            <input
              type="checkbox"
              checked={chosen.has(storey.id)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(storey.id);
                else next.delete(storey.id);
                setChosen(next);
              }}
            />
            {storeyLabel(storey)}
          </label>
        ))}
      </fieldset>
      {picked.length === 0 && <p className="muted">Choose at least one other storey.</p>}
    </Modal>
  );
}
