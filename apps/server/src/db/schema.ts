import type { ColumnType, Generated } from 'kysely';
import type { BillingInfo, BillingType, LoginProvider, OrgRole, ProjectRole, VersionStatus } from '@edrf/model';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  user_id: Generated<string>;
  email: string;
  is_admin: boolean;
  provider: LoginProvider;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SessionsTable {
  /** SHA-256 of the token: a stolen database does not yield live cookies. */
  session_hash: string;
  user_id: string;
  kind: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginPasscodesTable {
  email: string;
  code_hash: string;
  wrong_tries: number;
  expires_at: Timestamp;
}

export interface LoginEmailAttemptsTable {
  attempt_id: Generated<number>;
  email: string;
  created_at: Timestamp;
}

export interface AuthEventsTable {
  aeid: Generated<string>;
  provider: string;
  email: string | null;
  error: string | null;
  created_at: Timestamp;
}

export interface OidcLoginsTable {
  state: string;
  provider: string;
  code_verifier: string;
  redirect_uri: string;
  target_url: string;
  created_at: Timestamp;
}

export interface GrantsTable {
  code_challenge: string;
  code_method: string;
  user_id: string;
  op_type: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface OrgsTable {
  org_id: Generated<string>;
  name: string;
  billing_type: ColumnType<BillingType, BillingType | undefined, BillingType>;
  billing_info: ColumnType<BillingInfo | null, string | null | undefined, string | null>;
  /** The organization's Stripe customer, made for its first invoice item (docs/payment.md). */
  stripe_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OrgRolesTable {
  org_id: string;
  user_id: string;
  role: OrgRole;
}

export interface ProjectsTable {
  project_id: Generated<string>;
  org_id: string;
  name: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProjectRolesTable {
  project_id: string;
  user_id: string;
  role: ProjectRole;
}

export interface PaymentsTable {
  payment_id: Generated<string>;
  org_id: string;
  project_id: string | null;
  project_name: string;
  module: string;
  num_rooms: number;
  area_sqm: number;
  amount: number;
  currency: string;
  type: string;
  receipt_url: string | null;
  /** The Checkout session a card payment was made in: one payment per session, whatever the webhook deliveries. */
  stripe_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Stripe invoice item an invoice-billed payment added to its organization (none without Stripe). */
  stripe_invoice_item_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who paid: the admin who confirmed the invoice item or started the Checkout session. */
  user_email: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface IfcFilesTable {
  ifc_object_id: Generated<string>;
  project_id: string;
  file_name: string;
  file_size: number;
  /** The file's content lives in the file store under this hash. */
  sha256: string;
  uploaded_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ModelPartsTable {
  part_hash: string;
  content: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

interface PartHashColumns {
  edrf_schema: number;
  config_hash: string;
  arch_hash: string;
  elec_hash: string;
  fire_hash: string;
}

export interface ProjectVersionsTable extends PartHashColumns {
  project_version_id: Generated<string>;
  project_id: string;
  parent_version_id: string | null;
  user_email: string;
  comment: string;
  status: VersionStatus | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WorkingVersionsTable extends PartHashColumns {
  project_id: string;
  working_revision: string;
  parent_version_id: string | null;
  user_email: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type ReportJobState = 'queued' | 'running' | 'done' | 'failed';

/** What a report job was asked to make (docs/reports.md, "Long jobs"). */
export interface ReportJobReports {
  ifc_model: boolean;
  pdf_reports: string[];
  dxf_reports: string[];
  xlsx_reports: string[];
}

/** A long document job: pg-boss runs it (same id); its progress and result are read here by any process. */
export interface ReportJobsTable {
  job_id: string;
  project_id: string;
  /** Who asked: only they see the job. */
  user_id: string;
  /** The saved version the page showed; null for the working version. */
  pvid: string | null;
  regulation: string;
  reports: ColumnType<ReportJobReports, string, string>;
  /** The request's body (the model and title block) in the file store, read by whichever process runs the job. */
  input_sha256: string;
  state: ColumnType<ReportJobState, ReportJobState | undefined, ReportJobState>;
  progress: ColumnType<number, number | undefined, number>;
  /** The step's words the Export page shows under its bar. */
  step: ColumnType<string, string | undefined, string>;
  /** Why it failed, for the user. */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
  result_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  filename: ColumnType<string | null, string | null | undefined, string | null>;
  content_type: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_passcodes: LoginPasscodesTable;
  login_email_attempts: LoginEmailAttemptsTable;
  auth_events: AuthEventsTable;
  oidc_logins: OidcLoginsTable;
  grants: GrantsTable;
  orgs: OrgsTable;
  org_roles: OrgRolesTable;
  projects: ProjectsTable;
  project_roles: ProjectRolesTable;
  payments: PaymentsTable;
  ifc_files: IfcFilesTable;
  model_parts: ModelPartsTable;
  project_versions: ProjectVersionsTable;
  working_versions: WorkingVersionsTable;
  report_jobs: ReportJobsTable;
}
