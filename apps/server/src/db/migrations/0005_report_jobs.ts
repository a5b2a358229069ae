import { sql, type Kysely } from 'kysely';

// Long document jobs (docs/reports.md, "Long jobs"): pg-boss queues and runs them (its own schema, pgboss); this table
// is ours: who asked for what, and the progress and result the user reads from whichever process answers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_jobs')
    .addColumn('job_id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('pvid', 'text')
    .addColumn('regulation', 'text', (c) => c.notNull())
    .addColumn('reports', 'jsonb', (c) => c.notNull())
    .addColumn('input_sha256', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text')
    .addColumn('result_sha256', 'text')
    .addColumn('filename', 'text')
    .addColumn('content_type', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('report_jobs_project_user_idx').on('report_jobs').columns(['project_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_jobs').execute();
}
