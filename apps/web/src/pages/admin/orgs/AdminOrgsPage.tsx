import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_TYPES, type AdminOrg, type BillingType } from '@edrf/model';
import { adminOrgsKey, listAdminOrgs, updateOrgBillingType } from '../../../api/admin';
import { toast } from '../../../ui/alerts';
import { relativeTime } from '../../../lib/time';
import { capitalize } from '../../../lib/format';
import { SettingsButton } from '../../../ui/icons';
import { OrgSettingsDialog } from '../../orgs/OrgSettingsDialog';

/** Admin organizations (P§2): every organization, with its billing type to set. */
export function AdminOrgsPage() {
  const queryClient = useQueryClient();
  const { data: orgs, isPending } = useQuery({ queryKey: adminOrgsKey, queryFn: listAdminOrgs });
  const [saving, setSaving] = useState<string | null>(null);
  const [settingsOf, setSettingsOf] = useState<AdminOrg | null>(null);

  async function changeBillingType(org: AdminOrg, billingType: BillingType) {
    setSaving(org.org_id);
    try {
      await updateOrgBillingType(org.org_id, billingType);
      queryClient.setQueryData<AdminOrg[]>(adminOrgsKey, (all) =>
        all?.map((one) => (one.org_id === org.org_id ? { ...one, billing_type: billingType } : one)),
      );
      toast.info('Billing type updated', 3000);
      await queryClient.invalidateQueries({ queryKey: ['orgs'] });
    } catch {
      // Shown by the API helper; the select shows the stored type still.
    } finally {
      setSaving(null);
    }
  }

  return (
    <section className="page">
      <header className="page-header">
        <h1>Organizations</h1>
      </header>
      {isPending ? (
        <div className="empty-state">Loading organizations…</div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Name</th>
              <th className="num">Members</th>
              <th className="num">Projects</th>
              <th>Created</th>
              <th>Billing type</th>
              <th aria-label="Settings" />
            </tr>
          </thead>
          <tbody>
            {orgs?.map((org) => (
              <tr key={org.org_id}>
                <td>
                  <Link to={`/org/${encodeURIComponent(org.org_id)}/billing`} className="row-link">
                    {org.name}
                  </Link>
                </td>
                <td className="num">{org.num_members}</td>
                <td className="num">{org.num_projects}</td>
                <td title={new Date(org.created_at).toLocaleString()}>{relativeTime(org.created_at)}</td>
                <td>
                  <select
                    className="inline-select"
                    aria-label={`Billing type of ${org.name}`}
                    value={org.billing_type}
                    disabled={saving === org.org_id}
                    onChange={(event) => void changeBillingType(org, event.target.value as BillingType)}
                  >
                    {BILLING_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {capitalize(type)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="actions">
                  <SettingsButton label={`Settings of ${org.name}`} onClick={() => setSettingsOf(org)} />
                </td>
              </tr>
            ))}
            {orgs?.length === 0 && (
              <tr>
                <td colSpan={6} className="empty-state">
                  No organizations
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {settingsOf && <OrgSettingsDialog org={settingsOf} onClose={() => setSettingsOf(null)} />}
    </section>
  );
}
