import type { AdminOrg, AdminProject, BillingType, ProjectIfcFile } from '@edrf/model';
import { ApiError, apiCall, apiDownload } from './client';
import { toast } from '../ui/alerts';
import { downloadSummary } from '../lib/files';

/** Admin calls of docs/orgs.md (users stay in admin-users.ts) and their query keys. */
export const adminOrgsKey = ['admin', 'orgs'] as const;
export const adminProjectsKey = ['admin', 'projects'] as const;

export const listAdminOrgs = () => apiCall<{ orgs: AdminOrg[] }>('load organizations', '/api/v1/admin/list_orgs').then((r) => r.orgs);

export const updateOrgBillingType = (orgId: string, billingType: BillingType) =>
  apiCall<object>('update billing type', `/api/v1/admin/update_org/${encodeURIComponent(orgId)}`, { body: { billing_type: billingType } });

export const listAdminProjects = () =>
  apiCall<{ projects: AdminProject[] }>('load projects', '/api/v1/admin/list_projects').then((r) => r.projects);

export const ifcDownloadPath = (projectId: string, ifcObjectId: string) =>
  `/api/v1/admin/projects/${encodeURIComponent(projectId)}/ifc/${encodeURIComponent(ifcObjectId)}/download`;

/** Hands a blob to the browser as a download named `fileName`, through a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; give it a moment before letting go of the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads one IFC file of a project (the API needs the Edrf-Schema header, so a plain link
 * will not do). A failure toasts 'Failed to download {file}: {status}' (P§8); resolves whether it worked.
 */
export async function downloadIfc(projectId: string, file: ProjectIfcFile): Promise<boolean> {
  try {
    saveBlob(await apiDownload(ifcDownloadPath(projectId, file.ifc_object_id)), file.file_name);
    return true;
  } catch (error) {
    const status = error instanceof ApiError && error.status !== 0 ? String(error.status) : 'network error';
    toast.error(`Failed to download ${file.file_name}: ${status}`);
    return false;
  }
}

/** Downloads a project's IFC files one after the other, then toasts how many arrived and how many failed. */
export async function downloadAllIfc(projectId: string, files: ProjectIfcFile[]): Promise<void> {
  let ok = 0;
  for (const file of files) if (await downloadIfc(projectId, file)) ok++;
  const failed = files.length - ok;
  const message = downloadSummary(ok, failed);
  if (failed === 0) toast.info(message);
  else toast.warning(message);
}
