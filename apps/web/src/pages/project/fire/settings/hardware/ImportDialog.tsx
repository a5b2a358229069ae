import { useRef, useState } from 'react';
import type { Products } from '@edrf/model';
import { Modal } from '../../../../../ui/Modal';
import { FormError } from '../../../../../ui/FormError';
import { readHardwareFile } from './hardware-file';

/**
 * The Import dialog (F§2): a hardware .json replaces the product lists. A file that is not one says
 * 'Invalid hardware .json' here, and nothing changes.
 */
export function ImportDialog({ onImport, onClose }: { onImport: (products: Products) => void; onClose: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function importFile() {
    setBusy(true);
    const read = await readHardwareFile(fileInput.current?.files?.[0]);
    setBusy(false);
    if (!read.ok) return setError(read.error);
    onImport(read.products);
  }

  return (
    <Modal
      title="Import hardware"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void importFile()}>
            Import
          </button>
        </>
      }
    >
      <p className="muted">
        A hardware .json (as Export writes it) replaces all product lists. Units that use a product the file does not have keep their place
        without a product. Undo brings the lists back.
      </p>
      <label className="field">
        <span>Hardware .json</span>
        <input ref={fileInput} type="file" accept=".json,application/json" onChange={() => setError(null)} />
      </label>
      <FormError message={error} />
    </Modal>
  );
}
