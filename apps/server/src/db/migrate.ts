import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_orgs_projects.js';
import * as m0003 from './migrations/0003_versions.js';
import * as m0004 from './migrations/0004_payments_stripe.js';
import * as m0005 from './migrations/0005_report_jobs.js';

// Listed in code, not read from a folder, so the set is the same under tsx, vitest and a bundle.
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_orgs_projects': m0002,
  '0003_versions': m0003,
  '0004_payments_stripe': m0004,
  '0005_report_jobs': m0005,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
