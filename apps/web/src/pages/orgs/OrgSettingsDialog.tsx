import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ORG_ROLE, ORG_ROLES } from '@edrf/model';
import { deleteOrg, getOrgRoles, orgRolesKey, refreshOrgQueries, removeOrgRole, renameOrg, setOrgRole } from '../../api/orgs';
import { toast } from '../../ui/alerts';
import { Modal } from '../../ui/Modal';
import { RenameField } from '../../ui/RenameField';
import { RolesEditor } from '../../ui/RolesEditor';
import { confirmAction } from '../../ui/confirm';

/** Organization settings (P§2, P§6): its name, its role rows, and deleting it. */
export function OrgSettingsDialog({
  org,
  onClose,
  onDeleted,
}: {
  org: { org_id: string; name: string };
  onClose: () => void;
  /** After the organization is deleted (a page of the organization leaves for /orgs). */
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(org.name);
  const [busy, setBusy] = useState(false);
  const orgId = org.org_id;
  const refresh = () => refreshOrgQueries(queryClient, orgId);

  async function remove() {
    const sure = await confirmAction({
      title: 'Delete organization',
      message: `Delete ${name}? This cannot be undone.`,
      confirmLabel: 'Delete organization',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      await deleteOrg(orgId);
      onClose();
      onDeleted?.();
      toast.info('Organization deleted');
      queryClient.removeQueries({ queryKey: ['org', orgId] });
      await refresh();
    } catch {
      // Shown by the API helper (409 while it has projects).
      setBusy(false);
    }
  }

  return (
    <Modal title="Organization settings" onClose={onClose} width="38rem">
      <RenameField
        name={org.name}
        successMessage="Organization name updated"
        onSave={async (next) => {
          await renameOrg(orgId, next);
          setName(next);
          await refresh();
        }}
      />
      <h3 className="section-title">Roles</h3>
      <RolesEditor
        roles={ORG_ROLES}
        defaultRole={DEFAULT_ORG_ROLE}
        queryKey={orgRolesKey(orgId)}
        load={() => getOrgRoles(orgId)}
        setRole={(email, role) => setOrgRole(orgId, email, role)}
        removeRole={(email) => removeOrgRole(orgId, email)}
        subject={name}
        onChanged={refresh}
      />
      <div className="danger-zone">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void remove()}>
          Delete organization
        </button>
      </div>
    </Modal>
  );
}
