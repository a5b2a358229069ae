import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BETA_REGULATIONS, DEFAULT_REGULATION, REGULATIONS, REGULATION_LABELS, emptyFire, type Regulation } from '@edrf/model';
import { costModel, createFireConfig, fireCostKey } from '../../../api/fire';
import { useProjectState, useProjectStore } from '../../../state/use-project';
import { setAt } from '../../../state/typed-path';
import { Modal } from '../../../ui/Modal';

/** P§9: the note under the fire module's cost. */
export const NOTHING_CHARGED = 'Nothing is charged until exporting the results.';

/** Euros with no decimals (P§9). */
export const formatEuros = (amount: number): string => `€${Math.round(amount).toLocaleString('en-GB')}`;

/**
 * 'Add Fire Module' (P§2, P§6, P§9): the regulation (SBF 110:8 by default; BS 5839 and NFPA 72, marked beta, for
 * platform admins only), the module's cost for the model's rooms unless the organization is prepaid, and Add,
 * which puts create_fire_config's answer into the model as one undoable edit.
 */
export function AddFireModuleDialog(props: { prepaid: boolean; platformAdmin: boolean; onClose: () => void; onAdded: () => void }) {
  const { model } = useProjectState();
  const store = useProjectStore();
  const location = useLocation();
  const { projectId = '' } = useParams();
  const [regulation, setRegulation] = useState<Regulation>(DEFAULT_REGULATION);
  const [busy, setBusy] = useState(false);
  const rooms = model.arch.rooms;
  const cost = useQuery({
    queryKey: fireCostKey(projectId, Object.keys(rooms).length),
    queryFn: () => costModel(rooms, 'fire'),
    enabled: !props.prepaid,
  });
  const offered = REGULATIONS.filter((r) => props.platformAdmin || !BETA_REGULATIONS.includes(r));

  const add = async () => {
    setBusy(true);
    try {
      const config = await createFireConfig(regulation);
      store.edit([setAt(['fire'], emptyFire(config))], location.pathname + location.search);
      props.onAdded();
    } catch {
      // apiCall has shown 'Failed to add fire module'.
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Add Fire Module"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={props.onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void add()}>
            {busy ? 'Adding…' : 'Add'}
          </button>
        </>
      }
    >
      <fieldset className="regulation-choice" aria-label="Regulation">
        <legend>Regulation</legend>
        {offered.map((r) => (
          <label key={r} className="check">
            <input type="radio" name="regulation" value={r} checked={regulation === r} onChange={() => setRegulation(r)} />
            {REGULATION_LABELS[r]}
            {BETA_REGULATIONS.includes(r) && <span className="badge">beta</span>}
          </label>
        ))}
      </fieldset>
      {!props.prepaid && (
        <div className="fire-cost" aria-label="Fire module cost">
          {cost.isPending && <p className="muted">Calculating the cost…</p>}
          {cost.isError && <p className="form-error">The cost could not be loaded.</p>}
          {cost.data !== undefined && (
            <p>
              Cost of the fire module for {Object.keys(rooms).length} rooms: <strong>{formatEuros(cost.data)}</strong>
            </p>
          )}
          <p className="muted small">{NOTHING_CHARGED}</p>
        </div>
      )}
    </Modal>
  );
}
