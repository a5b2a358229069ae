import type { ColumnType, Generated } from 'kysely';
import type { LoginProvider } from '@edrf/model';

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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_passcodes: LoginPasscodesTable;
  login_email_attempts: LoginEmailAttemptsTable;
  auth_events: AuthEventsTable;
  oidc_logins: OidcLoginsTable;
  grants: GrantsTable;
}
