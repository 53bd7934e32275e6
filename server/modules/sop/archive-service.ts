/**
 * The SOP archive (SPEC §4): archiving takes a comment, unarchiving undoes it, and
 * only archived documents are deleted permanently — then, and only then, their files (the SOP's
 * versions and references) are removed from storage. Checklists made from them stay.
 */
import type { SopDocument } from '../../../contract/sop';
import { nowIso } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Storage } from '../../services/storage';
import type { Actor } from '../identity/public';
import type { ActionName } from '../../../contract/permissions';
import type { SopRecord, SopRepo } from './repo';
import { assertRight, notFound } from './shape';

export function createSopArchive(
  repo: SopRepo,
  storage: Storage,
  shaped: (ids: number[]) => Promise<SopDocument[]>,
) {
  const { db } = repo;
  async function visible(actor: Actor, id: number, action: ActionName): Promise<SopRecord> {
    const record = await repo.find(id);
    if (!record) throw notFound();
    assertRight(actor, record.department_id, action);
    return record;
  }
  const files = { storage };

  return {
    async archive(actor: Actor, ids: number[], comments: string): Promise<{ message: string }> {
      const records = await Promise.all(ids.map((id) => visible(actor, id, 'DELETE')));
      if (records.some((r) => r.archived_at !== null))
        throw new AppError(409, 'CONFLICT', 'The SOP document is already in the archive.');
      await db
        .updateTable('sop_documents')
        .set({ archived_at: nowIso(), archive_comment: comments, archived_by: actor.id })
        .where('id', 'in', ids)
        .execute();
      return { message: `${ids.length} SOP document(s) archived.` };
    },

    async unarchive(actor: Actor, id: number): Promise<SopDocument> {
      const record = await visible(actor, id, 'DELETE');
      if (record.archived_at === null)
        throw new AppError(409, 'CONFLICT', 'The SOP document is not in the archive.');
      await db
        .updateTable('sop_documents')
        .set({ archived_at: null, archive_comment: null, archived_by: null, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return (await shaped([id]))[0];
    },

    /** DELETE /sop/archived: archived documents only; their files go once the rows are gone. */
    async deleteArchived(actor: Actor, ids: number[]): Promise<{ message: string }> {
      const records = await Promise.all(ids.map((id) => visible(actor, id, 'DELETE')));
      if (records.some((r) => r.archived_at === null))
        throw new AppError(
          409,
          'CONFLICT',
          'Only archived SOP documents can be deleted permanently; archive it first.',
        );
      const paths = await db.transaction().execute(async (trx) => {
        const stored = await repo.storagePaths(trx, ids);
        await trx.deleteFrom('sop_documents').where('id', 'in', ids).execute();
        return stored;
      });
      await Promise.all(paths.map((p) => files.storage.remove(p)));
      return { message: `${ids.length} SOP document(s) deleted permanently.` };
    },
  };
}
