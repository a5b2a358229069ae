import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COUNTRIES, COUNTRY_CODES, billingInfoSchema, type BillingInfo, type CountryCode } from '@edrf/model';
import { billingInfoKey, getBillingInfo, getPaymentHistory, paymentHistoryKey, saveBillingInfo } from '../../api/orgs';
import { ApiError } from '../../api/client';
import { useOrgArea } from '../../app/layouts/OrgLayout';
import { formatAmount, formatArea, paymentDate } from '../../lib/format';
import { FormError } from '../../ui/FormError';

export const BILLING_ADMINS_ONLY = 'Only organization admins can see billing';

type Line = keyof BillingInfo['address'];
const ADDRESS_FIELDS: { key: Line; label: string }[] = [
  { key: 'line1', label: 'Address line 1' },
  { key: 'line2', label: 'Address line 2' },
  { key: 'zip', label: 'Postal code' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
];
const FIELD_LABELS: Record<string, string> = {
  name: 'Company name',
  email: 'E-mail',
  country: 'Country',
  ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.key, field.label])),
};

const countryName = (code: string) => (code ? (COUNTRIES[code as CountryCode] ?? code) : '');
const forbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * Billing of an organization (P§2): its billing information (view and edit modes) and payment history.
 * A member who is not an admin is taken to the organization's overview, which shows what they may see.
 */
export function BillingPage() {
  const { org, isAdmin } = useOrgArea();
  if (!isAdmin) return <Navigate to={`/org/${encodeURIComponent(org.org_id)}`} replace />;
  return <Billing orgId={org.org_id} />;
}

function Billing({ orgId }: { orgId: string }) {
  const info = useQuery({ queryKey: billingInfoKey(orgId), queryFn: () => getBillingInfo(orgId) });
  const history = useQuery({ queryKey: paymentHistoryKey(orgId), queryFn: () => getPaymentHistory(orgId) });

  if (forbidden(info.error) || forbidden(history.error))
    return (
      <section className="page">
        <header className="page-header">
          <h1>Billing</h1>
        </header>
        <div className="empty-state">
          <p>{BILLING_ADMINS_ONLY}</p>
          <Link to={`/org/${encodeURIComponent(orgId)}`}>What you can see of this organization</Link>
        </div>
      </section>
    );

  return (
    <section className="page">
      <header className="page-header">
        <h1>Billing</h1>
      </header>
      <div className="card">
        <h2 className="card-title">Billing information</h2>
        {info.data ? (
          <BillingInfoCard orgId={orgId} stored={info.data} />
        ) : (
          <p className="muted">{info.isError ? 'Unavailable' : 'Loading…'}</p>
        )}
      </div>
      <h2 className="section-title">Payment history</h2>
      {history.isPending ? (
        <div className="empty-state">Loading payments…</div>
      ) : !history.data?.length ? (
        <div className="empty-state">{history.isError ? 'Unavailable' : 'No payments'}</div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Project</th>
              <th>Module</th>
              <th className="num">Rooms</th>
              <th className="num">Area (m²)</th>
              <th className="num">Amount</th>
              <th>Currency</th>
              <th>Date</th>
              <th>Type</th>
              <th>Receipt</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((payment, index) => (
              <tr key={`${payment.created}-${index}`}>
                <td>{payment.project_name}</td>
                <td>{payment.module}</td>
                <td className="num">{payment.num_rooms}</td>
                <td className="num">{formatArea(payment.area_sqm)}</td>
                <td className="num">{formatAmount(payment.amount)}</td>
                <td>{payment.currency.toUpperCase()}</td>
                <td title={new Date(payment.created * 1000).toLocaleString()}>{paymentDate(payment.created)}</td>
                <td>{payment.type}</td>
                <td>
                  {payment.receipt_url ? (
                    <a href={payment.receipt_url} target="_blank" rel="noopener noreferrer">
                      Receipt
                    </a>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** View mode (labels and values, Edit) or edit mode (the fields, Save, Cancel) (P§4). */
function BillingInfoCard({ orgId, stored }: { orgId: string; stored: BillingInfo }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BillingInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!draft)
    return (
      <>
        <dl className="details">
          <Detail label="Company name" value={stored.name} />
          <Detail label="E-mail" value={stored.email} />
          {ADDRESS_FIELDS.map((field) => (
            <Detail key={field.key} label={field.label} value={stored.address[field.key]} />
          ))}
          <Detail label="Country" value={countryName(stored.country)} />
        </dl>
        <button type="button" className="btn" onClick={() => setDraft(structuredClone(stored))}>
          Edit
        </button>
      </>
    );

  const setAddress = (key: Line, value: string) => setDraft({ ...draft, address: { ...draft.address, [key]: value } });

  function cancel() {
    setError(null);
    setDraft(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const parsed = billingInfoSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[issue.path.length - 1] ?? '');
      return setError(`${FIELD_LABELS[field] ?? field}: ${issue?.message ?? 'invalid'}`);
    }
    setError(null);
    setBusy(true);
    try {
      const saved = await saveBillingInfo(orgId, parsed.data);
      queryClient.setQueryData(billingInfoKey(orgId), saved);
      setDraft(null);
    } catch (failure) {
      // P§8: a failed billing save is only logged.
      console.error('Failed to save billing information', failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="billing-form" onSubmit={(event) => void save(event)} noValidate>
      <label className="field">
        <span>Company name</span>
        <input value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
      </label>
      <label className="field">
        <span>E-mail</span>
        <input type="email" value={draft.email} onChange={(event) => setDraft({ ...draft, email: event.target.value })} />
      </label>
      {ADDRESS_FIELDS.map((field) => (
        <label key={field.key} className="field">
          <span>{field.label}</span>
          <input value={draft.address[field.key]} onChange={(event) => setAddress(field.key, event.target.value)} />
        </label>
      ))}
      <label className="field">
        <span>Country</span>
        <select value={draft.country} onChange={(event) => setDraft({ ...draft, country: event.target.value as BillingInfo['country'] })}>
          <option value="">—</option>
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {COUNTRIES[code]}
            </option>
          ))}
        </select>
      </label>
      <FormError message={error} />
      <div className="row form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save
        </button>
        <button type="button" className="btn" disabled={busy} onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </>
  );
}
