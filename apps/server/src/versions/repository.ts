import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { CURRENT_SCHEMA, emptyModel, MODEL_PARTS, WORKING_VERSION, type VersionSummary } from '@edrf/model';
import type { Database } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { isUuid } from '../auth/tokens.js';
import { PartCache } from './part-cache.js';
import { loadPartBytes, storePart, storePartText, upgradeStoredParts, versionJsonBytes, type PartHashes } from './parts.js';
import type { SyncParts } from './sync-body.js';

type WorkingRow = Selectable<Database['working_versions']>;
type VersionRow = Selectable<Database['project_versions']>;

export const versionNotFound = () => notFound('Unable to find version');
export const conflict = () =>
  new HttpError(409, 'The working version was changed by someone else: get their changes to keep yours on top of them');

const hashesOf = (row: WorkingRow | VersionRow): PartHashes => ({
  config: row.config_hash,
  arch: row.arch_hash,
  elec: row.elec_hash,
  fire: row.fire_hash,
});

const hashColumns = (hashes: PartHashes) => ({
  config_hash: hashes.config,
  arch_hash: hashes.arch,
  elec_hash: hashes.elec,
  fire_hash: hashes.fire,
});

export const toVersionSummary = (row: VersionRow): VersionSummary => ({
  project_version_id: row.project_version_id,
  project_id: row.project_id,
  parent_version_id: row.parent_version_id,
  user_email: row.user_email,
  comment: row.comment,
  created_at: new Date(row.created_at).toISOString(),
  status: row.status,
});

/** The working version's row, held until the transaction ends: syncs and saves of a project take turns. */
async function lockWorking(trx: Kysely<Database>, projectId: string): Promise<WorkingRow> {
  const working = await trx.selectFrom('working_versions').selectAll().where('project_id', '=', projectId).forUpdate().executeTakeFirst();
  if (!working) throw versionNotFound();
  return working;
}

/** The parts' bytes a process keeps (PartCache): about ten 5 MB models, or one 50 MB one. */
export const PART_CACHE_BYTES = 64 * 1024 * 1024;

export class Versions {
  private readonly parts = new PartCache(PART_CACHE_BYTES);

  constructor(private readonly db: Kysely<Database>) {}

  /** Every project starts with a working version of the empty model, so latest_version always answers. */
  async createWorking(db: Kysely<Database>, projectId: string, userEmail: string): Promise<void> {
    const model = emptyModel();
    const hashes = {} as PartHashes;
    for (const part of MODEL_PARTS) hashes[part] = await storePart(db, model[part]);
    await db
      .insertInto('working_versions')
      .values({
        project_id: projectId,
        working_revision: crypto.randomUUID(),
        parent_version_id: null,
        user_email: userEmail,
        edrf_schema: CURRENT_SCHEMA,
        ...hashColumns(hashes),
      })
      .execute();
  }

  async working(projectId: string): Promise<WorkingRow> {
    const row = await this.db.selectFrom('working_versions').selectAll().where('project_id', '=', projectId).executeTakeFirst();
    if (!row) throw versionNotFound();
    return row;
  }

  /** The working version as JSON (P§3 Version): its UTF-8 bytes in pieces, from the stored parts without parsing them. */
  async latestJson(projectId: string): Promise<Buffer[]> {
    const working = await this.working(projectId);
    const parts = await loadPartBytes(this.db, hashesOf(working), this.parts);
    const head = {
      project_version_id: WORKING_VERSION,
      project_id: projectId,
      parent_version_id: working.parent_version_id,
      working_revision: working.working_revision,
      user_email: working.user_email,
      comment: null,
      created_at: new Date(working.updated_at).toISOString(),
      status: null,
    };
    return versionJsonBytes(head, parts, working.edrf_schema);
  }

  async versionJson(projectId: string, versionId: string): Promise<Buffer[]> {
    const row = await this.savedVersion(projectId, versionId);
    const working = await this.working(projectId);
    const parts = await loadPartBytes(this.db, hashesOf(row), this.parts);
    const head = { ...toVersionSummary(row), working_revision: working.working_revision };
    return versionJsonBytes(head, parts, row.edrf_schema);
  }

  async list(projectId: string): Promise<VersionSummary[]> {
    const rows = await this.db
      .selectFrom('project_versions')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('project_version_id')
      .execute();
    return rows.map(toVersionSummary);
  }

  /**
   * Replaces the working version's parts that were sent; the others stay as the parent had them.
   * With `working_revision` (the web app always sends it) it is refused (409) unless the caller saw the current
   * working revision: nobody overwrites another's work. Without it (P§7's payload has none) it applies to the
   * working version as it is now, whoever synced last (docs/versions.md).
   */
  async sync(
    projectId: string,
    userEmail: string,
    request: { parent: string; working_revision?: string; parts: SyncParts },
  ): Promise<{ working_revision: string; parent_version_id: string | null }> {
    return this.db.transaction().execute(async (trx) => {
      const working = await lockWorking(trx, projectId);
      if (request.working_revision !== undefined && working.working_revision !== request.working_revision) throw conflict();
      const fromSaved = request.parent !== WORKING_VERSION;
      const baseRow = fromSaved ? await this.savedVersion(projectId, request.parent, trx) : working;
      // Stored only now, in the transaction: a refused sync (409, 404) stores nothing. A large sync's parts on
      // PostgreSQL come stored already, by the worker that checked them (store-sync-parts.ts): only their hashes.
      const sent = {} as Partial<PartHashes>;
      for (const part of MODEL_PARTS) {
        const given = request.parts[part];
        if (given) sent[part] = 'content' in given ? await storePartText(trx, given) : given.hash;
      }
      // The parts not sent are kept from the parent; stored under an older schema, they are upgraded
      // first, or they would be answered in their old shape under the current schema number.
      const base =
        baseRow.edrf_schema !== CURRENT_SCHEMA && MODEL_PARTS.some((part) => sent[part] === undefined)
          ? await upgradeStoredParts(trx, hashesOf(baseRow), baseRow.edrf_schema)
          : hashesOf(baseRow);
      const next: PartHashes = { ...base, ...sent };
      const parentVersionId = fromSaved ? request.parent : working.parent_version_id;
      const unchanged =
        MODEL_PARTS.every((part) => next[part] === hashesOf(working)[part]) && parentVersionId === working.parent_version_id;
      if (unchanged) return { working_revision: working.working_revision, parent_version_id: working.parent_version_id };
      const revision = crypto.randomUUID();
      await trx
        .updateTable('working_versions')
        .set({
          ...hashColumns(next),
          working_revision: revision,
          parent_version_id: parentVersionId,
          user_email: userEmail,
          edrf_schema: CURRENT_SCHEMA,
          updated_at: new Date(),
        })
        .where('project_id', '=', projectId)
        .execute();
      return { working_revision: revision, parent_version_id: parentVersionId };
    });
  }

  /** Freezes the working version as a saved version, which becomes the working version's parent. */
  async save(
    projectId: string,
    userEmail: string,
    comment: string,
    expectedRevision?: string,
  ): Promise<{ project_version_id: string; parent_version_id: string | null }> {
    return this.db.transaction().execute(async (trx) => {
      const working = await lockWorking(trx, projectId);
      // Saving what someone else synced a moment ago under one's own comment would misname their work.
      if (expectedRevision && expectedRevision !== working.working_revision) throw conflict();
      const saved = await trx
        .insertInto('project_versions')
        .values({
          project_id: projectId,
          parent_version_id: working.parent_version_id,
          user_email: userEmail,
          comment,
          status: null,
          edrf_schema: working.edrf_schema,
          ...hashColumns(hashesOf(working)),
        })
        .returning('project_version_id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('working_versions')
        .set({ parent_version_id: saved.project_version_id })
        .where('project_id', '=', projectId)
        .execute();
      return { project_version_id: saved.project_version_id, parent_version_id: working.parent_version_id };
    });
  }

  async setStatus(projectId: string, versionId: string, status: VersionSummary['status']): Promise<void> {
    const row = await this.savedVersion(projectId, versionId);
    await this.db.updateTable('project_versions').set({ status }).where('project_version_id', '=', row.project_version_id).execute();
  }

  private async savedVersion(projectId: string, versionId: string, db: Kysely<Database> = this.db): Promise<VersionRow> {
    const row = isUuid(versionId)
      ? await db
          .selectFrom('project_versions')
          .selectAll()
          .where('project_id', '=', projectId)
          .where('project_version_id', '=', versionId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw versionNotFound();
    return row;
  }
}
