import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@edrf/model';
import { ApiError, apiCall } from './client';

export const currentUserKey = ['current-user'] as const;

/** The signed-in user, or null: any non-OK answer of is_authed means not signed in (P§7). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiCall<CurrentUser>('check sign-in', '/front/is_authed', { quiet: true, allowUnauthenticated: true });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && error.status !== 426) return null;
    throw error;
  }
}

export const useCurrentUser = () => useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 60_000 });

export const loginEmail = (body: { email: string; host: string; target_url: string }) =>
  apiCall<{ redirect_url?: string }>('send passcode', '/front/login_email', { body, quiet: true });

export const loginPasscode = (body: { email: string; passcode: string }) =>
  apiCall<CurrentUser>('sign in', '/front/login_passcode', { body, quiet: true });

export const loginAuth = (body: { provider: 'google' | 'microsoft'; host: string; target_url: string }) =>
  apiCall<{ redirect_url: string }>('start sign-in', '/front/login_auth', { body, quiet: true });

export const fetchAuthEvent = (aeid: string) =>
  apiCall<{ provider: string; error: string | null }>('read sign-in result', `/front/auth_event?aeid=${encodeURIComponent(aeid)}`, {
    quiet: true,
  });

export const logout = () => apiCall<object>('log out', '/front/logout', { method: 'POST', quiet: true });

export const issueGrantToken = (body: { code_challenge: string; code_method: string; op_type: 'grant' | 'deny' }) =>
  apiCall<object>('issue grant token', '/api/v1/issue_grant_token', { body, quiet: true });
