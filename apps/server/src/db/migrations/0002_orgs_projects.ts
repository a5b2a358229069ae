import { sql, type Kysely } from 'kysely';

// Organizations, projects, their roles, payments and the IFC files of projects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orgs')
    .addColumn('org_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('billing_type', 'text', (c) => c.notNull().defaultTo('direct'))
    .addColumn('billing_info', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('org_roles')
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.org_id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_roles_pk', ['org_id', 'user_id'])
    .execute();
  await db.schema.createIndex('org_roles_user_idx').on('org_roles').column('user_id').execute();

  await db.schema
    .createTable('projects')
    // An organization with projects cannot be deleted: the API refuses first, the key makes sure.
    .addColumn('project_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.org_id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('projects_org_idx').on('projects').column('org_id').execute();

  await db.schema
    .createTable('project_roles')
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_roles_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_roles_user_idx').on('project_roles').column('user_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('payment_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.org_id').onDelete('cascade'))
    // The history outlives a deleted project, under the name it had.
    .addColumn('project_id', 'uuid', (c) => c.references('projects.project_id').onDelete('set null'))
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('num_rooms', 'integer', (c) => c.notNull())
    .addColumn('area_sqm', 'double precision', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('receipt_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payments_org_idx').on('payments').columns(['org_id', 'created_at']).execute();

  await db.schema
    .createTable('ifc_files')
    .addColumn('ifc_object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.project_id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ifc_files_project_idx').on('ifc_files').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ifc_files', 'payments', 'project_roles', 'projects', 'org_roles', 'orgs']) {
    await db.schema.dropTable(table).execute();
  }
}
