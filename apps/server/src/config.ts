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
  /** Where stored files (IFC) go: DATA_DIR/files, or the S3 bucket of FILE_STORE_URL (docs/operations.md, "Files"). */
  fileStore: FileStoreConfig;
}

export type FileStoreConfig = { kind: 'folder'; folder: string } | S3StoreConfig;

/**
 * FILE_STORE_URL=s3://BUCKET/PREFIX and the AWS SDK's standard variables, read from the same environment as the rest
 * of the configuration and handed to the SDK (file-store-config.ts).
 */
export interface S3StoreConfig {
  kind: 's3';
  bucket: string;
  /** Without leading or trailing slash; '' for none. */
  prefix: string;
  /** AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL: an S3-compatible store, addressed path-style; undefined: AWS. */
  endpoint: string | undefined;
  /** AWS_REGION; undefined: the SDK's own search (shared config), or us-east-1 with an endpoint. */
  region: string | undefined;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN); undefined: the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** An S3 bucket name as S3 and the compatible stores take it: 3 to 63 lowercase letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The file store from the environment: DATA_DIR/files without FILE_STORE_URL, else its bucket. A FILE_STORE_URL that
 * is not s3://BUCKET or s3://BUCKET/PREFIX, or an endpoint that is not an http(s) URL, is refused (at start-up).
 */
export function fileStoreFromEnv(env: Env, dataDir: string): FileStoreConfig {
  const text = env.FILE_STORE_URL;
  if (!text) return { kind: 'folder', folder: path.join(dataDir, 'files') };
  const refuse = (why: string) => new Error(`FILE_STORE_URL must be s3://BUCKET or s3://BUCKET/PREFIX (${why}), not '${text}'`);
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || url.protocol !== 's3:') throw refuse('only s3:// is known');
  if (url.username || url.password || url.port || url.search || url.hash) throw refuse('no user, port, query or fragment');
  if (!BUCKET_NAME.test(url.hostname)) throw refuse(`the bucket name '${url.hostname}' is not one S3 takes`);
  let prefix: string;
  try {
    prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  } catch {
    throw refuse('the prefix is not well %-encoded');
  }
  if (prefix.split('/').some((part) => part === '.' || part === '..' || (prefix && part === '')))
    throw refuse('the prefix has an empty, . or .. part');

  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  if (endpoint) {
    const parsed = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      throw new Error(`AWS_ENDPOINT_URL_S3 (or AWS_ENDPOINT_URL) must be an http(s) URL such as http://127.0.0.1:9000, not '${endpoint}'`);
  }
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's other sources)");
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix,
    endpoint,
    region: env.AWS_REGION || undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined,
  };
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
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
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
    fileStore: fileStoreFromEnv(env, dataDir),
  };
}
