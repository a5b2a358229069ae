import { useState } from 'react';
import { Modal } from '../../../ui/Modal';
import { CLEAN_OPTIONS, defaultCleanSettings, type CleanSettings } from './clean-arch';

/** P§2 clean options (P§9 defaults); Clean sends them with the model and applies the answer as one undoable edit. */
export function CleanDialog({ onClean, onClose }: { onClean: (settings: CleanSettings) => Promise<void>; onClose: () => void }) {
  const [settings, setSettings] = useState<CleanSettings>(defaultCleanSettings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onClean(settings);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Clean model"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run()}>
            {busy ? 'Cleaning…' : 'Clean'}
          </button>
        </>
      }
    >
      {CLEAN_OPTIONS.map((option) => (
        <label key={option.key} className="check">
          <input
            type="checkbox"
            checked={settings[option.key]}
            onChange={(event) => setSettings({ ...settings, [option.key]: event.target.checked })}
          />
          {option.label}
        </label>
      ))}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
