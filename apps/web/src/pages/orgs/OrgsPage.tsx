import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Org } from '@edrf/model';
import { listOrgs, orgsKey } from '../../api/orgs';
import { useCurrentUser } from '../../api/auth';
import { roleLabel } from '../../lib/format';
import { SettingsButton } from '../../ui/icons';
import { LoadError } from '../../ui/LoadError';
import { NewOrgDialog } from './NewOrgDialog';
import { OrgSettingsDialog } from './OrgSettingsDialog';

/** The organization list (P§2): every name opens the organization's overview; admins (of it, or of the platform) get its settings. */
export function OrgsPage() {
  const { data: me } = useCurrentUser();
  const { data: orgs, isError, error, refetch, isFetching } = useQuery({ queryKey: orgsKey, queryFn: listOrgs });
  const [creating, setCreating] = useState(false);
  const [settingsOf, setSettingsOf] = useState<Org | null>(null);
  const canManage = (org: Org) => org.role === 'admin' || !!me?.is_admin;

  return (
    <section className="page">
      <header className="page-header">
        <h1>Organizations</h1>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New Organization
        </button>
      </header>
      {!orgs ? (
        // A failed load is not an empty account: the error and Retry (docs/projects-ui.md).
        isError ? (
          <LoadError error={error} action="load organizations" retrying={isFetching} onRetry={() => void refetch()} />
        ) : (
          <div className="empty-state">Loading organizations…</div>
        )
      ) : !orgs.length ? (
        <div className="empty-state">No organizations</div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Your role</th>
              <th aria-label="Settings" />
            </tr>
          </thead>
          <tbody>
            {orgs.map((org) => (
              <tr key={org.org_id}>
                <td>
                  <Link to={`/org/${encodeURIComponent(org.org_id)}`} className="row-link">
                    {org.name}
                  </Link>
                </td>
                <td>{roleLabel(org.role)}</td>
                <td className="actions">
                  {canManage(org) && <SettingsButton label={`Settings of ${org.name}`} onClick={() => setSettingsOf(org)} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {creating && <NewOrgDialog onClose={() => setCreating(false)} />}
      {settingsOf && <OrgSettingsDialog org={settingsOf} onClose={() => setSettingsOf(null)} />}
    </section>
  );
}
