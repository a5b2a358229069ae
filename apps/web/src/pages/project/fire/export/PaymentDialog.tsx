import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_MESSAGES, type ExportStatus, type Model } from '@edrf/model';
import { toast } from '../../../../ui/alerts';
import { getProjectOrg, projectOrgKey } from '../../../../api/projects';
import { payForFire } from '../../../../api/payment';
import { formatArea } from '../../../../lib/format';
import { Modal } from '../../../../ui/Modal';
import { formatEuros } from '../AddFireModuleDialog';

/** After an invoice item is added **[our reading]**: the table unlocks, this says why. */
export const INVOICE_ADDED = 'Invoice item added: exports are unlocked';

/** Where the browser goes to pay: a seam for tests, which cannot leave the page. */
export const browser = { go: (url: string) => window.location.assign(url) };

/** The page the provider sends the payer back to: this page without its query (F§7 fire_payment url). */
export const returnUrl = () => `${window.location.origin}${window.location.pathname}`;

interface Props {
  projectId: string;
  rooms: Model['arch']['rooms'];
  status: ExportStatus;
  onClose: () => void;
  /** The payment is recorded (invoice billing): the page reloads its status. */
  onPaid: () => void;
}

/**
 * The payment dialog (F§4, F§6): it first loads the project's organization and the user's role. Anyone but an admin
 * of the organization sees F§6's message; invoice billing confirms an invoice item; any other billing pays by card
 * on the provider's page, which sends the payer back to this page with stripe=ok or stripe=cancel.
 */
export function PaymentDialog({ projectId, rooms, status, onClose, onPaid }: Props) {
  const org = useQuery({ queryKey: projectOrgKey(projectId), queryFn: () => getProjectOrg(projectId) });
  const [busy, setBusy] = useState(false);
  const amount = status.payment_outstanding;
  const invoice = org.data?.org.billing_type === 'invoice';
  const admin = org.data?.role === 'admin';

  const pay = async () => {
    setBusy(true);
    try {
      const answer = await payForFire(projectId, rooms, amount, returnUrl());
      if (answer.redirect_url) {
        browser.go(answer.redirect_url);
        return;
      }
      toast.info(INVOICE_ADDED);
      onPaid();
    } catch {
      // apiCall has shown 'Failed to pay: …'.
      setBusy(false);
    }
  };

  const what = (
    <p>
      The fire module for {status.size.num_rooms} rooms, {formatArea(status.size.area_sqm)} m²: <strong>{formatEuros(amount)}</strong>
    </p>
  );
  let body;
  let action = null;
  if (org.isPending) body = <p className="muted">Loading the organization…</p>;
  else if (org.isError || !org.data) body = <p className="form-error">The organization could not be loaded.</p>;
  else if (!admin) body = <p className="payment-refusal">{PAYMENT_MESSAGES.notAuthorized(org.data.org.name)}</p>;
  else if (invoice) {
    body = (
      <>
        {what}
        <p className="muted">It is added as an invoice item to the next invoice of {org.data.org.name}. The exports unlock at once.</p>
      </>
    );
    action = (
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pay()}>
        {busy ? 'Adding…' : 'Confirm'}
      </button>
    );
  } else {
    body = (
      <>
        {what}
        <p className="muted">
          You pay by card on the payment provider's page (Stripe), then come back here. The exports unlock once the payment is confirmed.
        </p>
      </>
    );
    action = (
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pay()}>
        {busy ? 'Opening…' : 'Pay'}
      </button>
    );
  }

  return (
    <Modal
      title="Buy exports"
      onClose={onClose}
      width="30rem"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {action ? 'Cancel' : 'Close'}
          </button>
          {action}
        </>
      }
    >
      <div className="payment-dialog">{body}</div>
    </Modal>
  );
}
