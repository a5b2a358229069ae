import { z } from 'zod';
import type { BillingType, OrgRole, ProjectRole } from './orgs.js';
import { nameSchema } from './orgs.js';

/** An IFC file uploaded to a project (P§3 ifc_files). */
export interface ProjectIfcFile {
  ifc_object_id: string;
  file_name: string;
  file_size: number;
}

/** A project as its members see it in the list (P§3). */
export interface Project {
  project_id: string;
  name: string;
  org_id: string;
  org_name: string;
  /** The caller's role; null for a platform admin without one. */
  role: ProjectRole | null;
  version_comment: string | null;
  version_date: string | null;
  ifc_files: ProjectIfcFile[];
  billing_type: BillingType;
}

export const createProjectBody = z.object({ name: nameSchema, org_id: z.string().uuid('Choose an organization') });

/** GET /project/{id}/org (F§7): the project's organization and the caller's role in it. */
export interface ProjectOrg {
  org: { org_id: string; name: string; billing_type: BillingType };
  role: OrgRole | null;
}

export interface AdminProject {
  project_id: string;
  name: string;
  org_id: string;
  org_name: string;
  created_at: string;
  ifc_files: ProjectIfcFile[];
}
