import path from 'node:path';

/** One external OpenID Connect provider (Google, Microsoft, or any issuer). */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The origin users reach the app at; when unset, the origin the browser reports is used. */
  publicUrl: string | undefined;
  oidc: { google?: OidcProviderConfig; microsoft?: OidcProviderConfig };
  /** Plain-http OpenID issuers are only for the local test provider. */
  oidcAllowHttp: boolean;
  webDist: string;
  /** IFC_MAX_SECONDS: how long an IFC import may run in a compute worker before it is stopped (docs/ifc-upload.md). */
  ifcMaxSeconds: number;
  /** Card payments through Stripe Checkout (docs/payment.md); undefined without STRIPE_SECRET_KEY. */
  stripe: StripeConfig | undefined;
}

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_URL (another API base: the tests' stand-in). */
export interface StripeConfig {
  secretKey: string;
  /** The signing secret of the endpoint {PUBLIC_URL}/webhooks/stripe; without it no webhook is believed. */
  webhookSecret: string | undefined;
  /** The SDK's host, port and protocol, from STRIPE_API_URL; undefined: Stripe's own. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** The Stripe settings from the environment: none without STRIPE_SECRET_KEY; a STRIPE_API_URL that is not an http(s) base is refused. */
export function stripeFromEnv(env: Env): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey) return undefined;
  let api: StripeConfig['api'];
  if (env.STRIPE_API_URL) {
    const url = URL.canParse(env.STRIPE_API_URL) ? new URL(env.STRIPE_API_URL) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== ''))
      throw new Error(`STRIPE_API_URL must be a base URL such as http://127.0.0.1:12111, not '${env.STRIPE_API_URL}'`);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
  }
  return { secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined, api };
}

type Env = Record<string, string | undefined>;

function oidcFromEnv(env: Env, prefix: string, defaultIssuer: string): OidcProviderConfig | undefined {
  const clientId = env[`${prefix}_CLIENT_ID`];
  const clientSecret = env[`${prefix}_CLIENT_SECRET`];
  if (!clientId || !clientSecret) return undefined;
  return { issuer: env[`${prefix}_ISSUER`] || defaultIssuer, clientId, clientSecret };
}

/** IFC_MAX_SECONDS from the environment: the longest an IFC import may run, in seconds (default 60). */
export function ifcMaxSeconds(env: Env = process.env): number {
  const seconds = Number(env.IFC_MAX_SECONDS || 60);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`IFC_MAX_SECONDS must be a positive number, not '${env.IFC_MAX_SECONDS}'`);
  return seconds;
}

export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not '${env.PORT}'`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase(),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'edrf <no-reply@edrf.local>',
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    oidc: {
      google: oidcFromEnv(env, 'GOOGLE', 'https://accounts.google.com'),
      microsoft: oidcFromEnv(env, 'MICROSOFT', 'https://login.microsoftonline.com/common/v2.0'),
    },
    oidcAllowHttp: env.OIDC_ALLOW_HTTP === '1',
    webDist: path.resolve(env.WEB_DIST || new URL('../../web/dist', import.meta.url).pathname),
    ifcMaxSeconds: ifcMaxSeconds(env),
    stripe: stripeFromEnv(env),
  };
}
