import { z } from 'zod';

/** Login providers a user can be given (P§3); `{product}` is our own grant flow, not a sign-in method. */
export const LOGIN_PROVIDERS = ['passcode', 'google', 'microsoft'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<LoginProvider, string> = {
  passcode: 'Passcode',
  google: 'Google',
  microsoft: 'Microsoft',
};

/** Text with an @ and a dot-separated domain (P§5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const MAX_EMAIL_LENGTH = 254;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const emailSchema = z
  .string()
  .max(MAX_EMAIL_LENGTH)
  .transform(normalizeEmail)
  .refine((email) => EMAIL_PATTERN.test(email), 'Invalid e-mail address');

export const isValidEmail = (email: string) => emailSchema.safeParse(email).success;

/** The admin user form (create and edit). */
export const userFormSchema = z.object({
  email: emailSchema,
  is_admin: z.boolean().default(false),
  provider: z.enum(LOGIN_PROVIDERS),
});
export type UserForm = z.infer<typeof userFormSchema>;

export const USER_FORM_REQUIRED = 'Email and login provider are required';

/** A user as the admin screens list it (P§3). */
export interface AdminUser {
  user_id: string;
  email: string;
  is_admin: boolean;
  provider: LoginProvider;
  created_at: string;
  /** Names of the organizations the user has a role in. */
  org_names: string[];
}

export interface CurrentUser {
  email: string;
  is_admin: boolean;
}
