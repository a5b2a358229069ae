// What a project owes (services/module-owed.ts) and the Stripe settings (config.ts), without a server.
import { describe, expect, it } from 'vitest';
import { owedFor } from '../../src/services/module-owed.js';
import { loadConfig, stripeFromEnv } from '../../src/config.js';

describe('owedFor', () => {
  it('owes the price less what was paid: unpaid, grown, paid; never below 0', () => {
    expect(owedFor('direct', 305, 0)).toEqual({ status: 'unpaid', outstanding: 305 });
    expect(owedFor('invoice', 430, 305)).toEqual({ status: 'grown', outstanding: 125 });
    expect(owedFor('direct', 305, 305)).toEqual({ status: 'paid', outstanding: 0 });
    // A model that shrank after its payment: nothing due, nothing given back.
    expect(owedFor('direct', 190, 305)).toEqual({ status: 'paid', outstanding: 0 });
  });

  it('owes nothing when the organization is billed exempt or prepaid', () => {
    expect(owedFor('exempt', 8280, 0)).toEqual({ status: 'exempt', outstanding: 0 });
    expect(owedFor('prepaid', 8280, 0)).toEqual({ status: 'prepaid', outstanding: 0 });
  });
});

describe('the Stripe settings', () => {
  it('are off without STRIPE_SECRET_KEY, whatever else is set', () => {
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:1' }).stripe).toBeUndefined();
  });

  it('take STRIPE_API_URL apart as the SDK wants it: host, port, protocol', () => {
    expect(
      stripeFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:12111' }),
    ).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(stripeFromEnv({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_API_URL: 'https://stripe.internal/' })?.api).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeFromEnv({ STRIPE_SECRET_KEY: 'sk_live_x' })).toEqual({ secretKey: 'sk_live_x', webhookSecret: undefined, api: undefined });
  });

  it('refuse a STRIPE_API_URL that is not a base URL', () => {
    for (const url of ['127.0.0.1:12111', 'ftp://127.0.0.1', 'http://127.0.0.1:12111/v1'])
      expect(() => stripeFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: url }), url).toThrow(
        /^STRIPE_API_URL must be a base URL/,
      );
  });
});
