import { sql, type Kysely } from 'kysely';

// Model parts stored once per content; saved versions and the one working version point at them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_parts')
    .addColumn('part_hash', 'text', (c) => c.primaryKey())
    // Text, not jsonb: parts are read and written whole, and a 50 MB arch parses faster once, in Node.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('project_versions')
    .addColumn('project_version_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
    .addColumn('parent_version_id', 'uuid', (c) => c.references('project_versions.project_version_id').onDelete('set null'))
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('edrf_schema', 'integer', (c) => c.notNull())
    .addColumn('config_hash', 'text', (c) => c.notNull().references('model_parts.part_hash'))
    .addColumn('arch_hash', 'text', (c) => c.notNull().references('model_parts.part_hash'))
    .addColumn('elec_hash', 'text', (c) => c.notNull().references('model_parts.part_hash'))
    .addColumn('fire_hash', 'text', (c) => c.notNull().references('model_parts.part_hash'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('project_versions_project_idx').on('project_versions').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('working_versions')
    .addColumn('project_id', 'uuid', (c) => c.primaryKey().references('projects.project_id').onDelete('cascade'))
    .addColumn('working_revision', 'uuid', (c) => c.notNull())
    .addColumn('parent_version_id', 'uuid', (c) => c.references('project_versions.project_version_id').onDelete('set null'))
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('edrf_schema', 'integer', (c) => c.notNull())
    .addColumn('config_hash', 'text', (c) => c.notNull().references('model_parts.part_hash'))
    .addColumn('arch_hash', 'text', (c) => c.notNull().references('model_parts.part_hash'))
    .addColumn('elec_hash', 'text', (c) => c.notNull().references('model_parts.part_hash'))
    .addColumn('fire_hash', 'text', (c) => c.notNull().references('model_parts.part_hash'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['working_versions', 'project_versions', 'model_parts']) {
    await db.schema.dropTable(table).execute();
  }
}
