import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Clock } from './clock.js';
import type { Mailer } from './services/mail.js';
import type { OidcService } from './services/oidc.js';
import type { Sessions } from './auth/sessions.js';
import type { Passcodes } from './auth/passcodes.js';
import type { FileStore } from './services/file-store.js';
import type { Versions } from './versions/repository.js';
import type { ComputePool } from './compute/pool.js';
import type { GlobalIdStore } from './ifc-upload/global-ids.js';
import type { StripeGateway } from './services/stripe.js';

/** What the routes are given: the database and the services, each behind its small interface. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  oidc: OidcService;
  sessions: Sessions;
  passcodes: Passcodes;
  files: FileStore;
  /** The GlobalIds each stored IFC file yielded, for the next import of the same file name. */
  ifcGlobalIds: GlobalIdStore;
  versions: Versions;
  /** Worker threads for CPU-heavy calls (IFC import, clean_arch, fire calculations). */
  compute: ComputePool;
  /** Card payments and invoice items through Stripe (docs/payment.md); null without STRIPE_SECRET_KEY. */
  stripe: StripeGateway | null;
  /** The server's log, for faults that happen after a request has been answered. */
  log: FastifyBaseLogger;
}
