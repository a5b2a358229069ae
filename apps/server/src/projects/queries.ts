import type { Kysely } from 'kysely';
import type { ProjectIfcFile } from '@edrf/model';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../services/file-store.js';

/** The IFC files of each of the projects, oldest first, in one query. */
export async function ifcFilesByProject(db: Kysely<Database>, projectIds: string[]): Promise<Map<string, ProjectIfcFile[]>> {
  const byProject = new Map<string, ProjectIfcFile[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .selectFrom('ifc_files')
    .select(['project_id', 'ifc_object_id', 'file_name', 'file_size'])
    .where('project_id', 'in', projectIds)
    .orderBy('uploaded_at')
    .orderBy('file_name')
    .execute();
  for (const row of rows) {
    byProject.get(row.project_id)?.push({ ifc_object_id: row.ifc_object_id, file_name: row.file_name, file_size: Number(row.file_size) });
  }
  return byProject;
}

/** Deletes a project with everything it owns; the stored files go when no other project uses them. */
export async function deleteProject(db: Kysely<Database>, files: FileStore, projectId: string): Promise<void> {
  const hashes = await db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom('ifc_files').select('sha256').where('project_id', '=', projectId).execute();
    await trx.deleteFrom('projects').where('project_id', '=', projectId).execute();
    return [...new Set(owned.map((file) => file.sha256))];
  });
  for (const sha256 of hashes) {
    const stillUsed = await db.selectFrom('ifc_files').select('ifc_object_id').where('sha256', '=', sha256).executeTakeFirst();
    if (!stillUsed) await files.remove(sha256);
  }
}

/** The comment and date of each project's newest saved version, for the project list. */
export async function latestSavedVersions(
  db: Kysely<Database>,
  projectIds: string[],
): Promise<Map<string, { comment: string; created_at: Date }>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('project_versions')
    .distinctOn('project_id')
    .select(['project_id', 'comment', 'created_at'])
    .where('project_id', 'in', projectIds)
    .orderBy('project_id')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.project_id, { comment: row.comment, created_at: row.created_at }]));
}
