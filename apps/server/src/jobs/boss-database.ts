// pg-boss on the app's own database connection (docs/reports.md, "Long jobs"), whichever database it is: PostgreSQL
// through Kysely's pool, PGlite in the process through its single connection, taken in turn with Kysely's queries.
import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/schema.js';
import { embeddedDatabase } from '../db/connect.js';

/**
 * pg-boss's `db: { executeSql }` adapter. pg-boss sends some commands as several statements without parameters (its
 * schema, in a transaction of their own): pg runs those as one simple query, PGlite only through exec(). On PGlite
 * the connection is held through Kysely while it runs, so that pg-boss's statements never land inside a transaction
 * of the app's (PGlite has one connection for both).
 */
export function bossDatabase(db: Kysely<Database>): PgBoss.Db {
  const pglite = embeddedDatabase(db);
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!pglite || values?.length) {
        const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows };
      }
      return db.connection().execute(async () => {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      });
    },
  };
}
