import { z } from 'zod';

/**
 * The 33 countries billing addresses may be in: the EU, the EEA, Switzerland, the United Kingdom
 * and the United States (P§3 leaves the codes open; docs/orgs.md).
 */
export const COUNTRIES = {
  AT: 'Austria',
  BE: 'Belgium',
  BG: 'Bulgaria',
  HR: 'Croatia',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DK: 'Denmark',
  EE: 'Estonia',
  FI: 'Finland',
  FR: 'France',
  DE: 'Germany',
  GR: 'Greece',
  HU: 'Hungary',
  IS: 'Iceland',
  IE: 'Ireland',
  IT: 'Italy',
  LV: 'Latvia',
  LI: 'Liechtenstein',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  MT: 'Malta',
  NL: 'Netherlands',
  NO: 'Norway',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SK: 'Slovakia',
  SI: 'Slovenia',
  ES: 'Spain',
  SE: 'Sweden',
  CH: 'Switzerland',
  GB: 'United Kingdom',
  US: 'United States',
} as const;
export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as [CountryCode, ...CountryCode[]];

const line = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

/** Billing information of an organization (P§3). Empty strings are allowed while a form is half done. */
export const billingInfoSchema = z.object({
  name: line(200),
  email: z.union([z.literal(''), z.string().trim().max(254).email('Invalid e-mail address')]),
  address: z.object({
    line1: line(200),
    line2: line(200),
    zip: line(20),
    city: line(100),
    state: line(100),
  }),
  country: z.union([z.literal(''), z.enum(COUNTRY_CODES)]),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

export const emptyBillingInfo = (): BillingInfo => ({
  name: '',
  email: '',
  address: { line1: '', line2: '', zip: '', city: '', state: '' },
  country: '',
});

/** A payment in the history (P§3); `created` is in seconds since 1970. */
export interface Payment {
  project_id: string | null;
  project_name: string;
  module: string;
  num_rooms: number;
  area_sqm: number;
  amount: number;
  currency: string;
  created: number;
  type: string;
  receipt_url: string | null;
}
