import { ApiError } from '../../api/client';

/** The login page's own texts for the answers of login_email (P§8). */
export function loginEmailError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'Too many attempts, please wait 2 minutes';
    if (error.status === 404) return 'User not found';
    if (error.status === 426) return error.message;
  }
  return 'Failed to send passcode';
}

export function passcodeError(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.detail) return error.detail;
  if (error instanceof ApiError && error.status === 404) return 'User not found';
  return 'Invalid passcode, please try again';
}

export const providerLabel = (provider: string) => (provider === 'google' ? 'Google' : provider === 'microsoft' ? 'Microsoft' : provider);
