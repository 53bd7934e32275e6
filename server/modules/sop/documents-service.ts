/**
 * SOP documents (SPEC §3, §4, §7 SOP): upload with reference files, replacement
 * keeping the history, the list with its filters, archive / unarchive and permanent deletion
 * (only of archived documents, and only then are their files removed). Uploads are all or
 * nothing: a refused file, a missing department or client stores nothing.
 */
import { departmentScope } from '../../../contract/access';
import type { Paged } from '../../../contract/paging';
import {
  sopReferenceFieldsSchema,
  sopUploadFieldsSchema,
  type SopDocument,
  type SopDocumentsQuery,
} from '../../../contract/sop';
import { nowIso } from '../../db/database';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { extractRequirements } from '../../services/checklist/requirements';
import { type Actor, actorNames } from '../identity/public';
import type { SopRepo } from './repo';
import { assertRight, notFound, toSopDocument } from './shape';
import {
  commitStaged,
  copyStored,
  discardAll,
  extractSop,
  readUpload,
  type FileDeps,
  type SopPart,
  type StagedFile,
} from './sop-files';

const noFiles = () => new AppError(400, 'VALIDATION_ERROR', 'No files selected for upload');

export function createSopDocuments(repo: SopRepo, files: FileDeps) {
  const { db } = repo;

  async function shaped(ids: number[]): Promise<SopDocument[]> {
    const records = (await Promise.all(ids.map((id) => repo.find(id)))).filter(
      (r) => r !== undefined,
    );
    const names = await actorNames(
      db,
      records.flatMap((r) => r.files.map((f) => f.uploaded_by)),
    );
    return records.map((r) => toSopDocument(r, names));
  }

  async function visible(actor: Actor, id: number, action: Parameters<typeof assertRight>[2]) {
    const record = await repo.find(id);
    if (!record) throw notFound();
    assertRight(actor, record.department_id, action);
    return record;
  }

  const commitAll = <T>(
    staged: StagedFile[],
    write: (paths: Map<StagedFile, string>) => Promise<T>,
  ) => commitStaged(files.storage, staged, write);

  function sopFileRow(f: StagedFile, path: string, actor: Actor, now: string) {
    return {
      kind: 'sop' as const,
      name: f.name,
      type: f.ext,
      size_bytes: f.size,
      sha256: f.sha256,
      storage_path: path,
      uploaded_by: actor.id,
      uploaded_at: now,
    };
  }

  return {
    shaped,

    async list(actor: Actor, query: SopDocumentsQuery): Promise<Paged<SopDocument>> {
      const scope = departmentScope(actor.subject, 'Sop', 'LIST_VIEW');
      const { total, items } = await repo.list(scope, query);
      const names = await actorNames(
        db,
        items.flatMap((r) => r.files.map((f) => f.uploaded_by)),
      );
      return {
        items: items.map((r) => toSopDocument(r, names)),
        total,
        page: query.page,
        size: query.size,
      };
    },

    async upload(actor: Actor, parts: AsyncIterable<SopPart>): Promise<SopDocument[]> {
      const { fields, files: staged } = await readUpload(files, parts);
      try {
        const input = parseInput(sopUploadFieldsSchema, Object.fromEntries(fields));
        if (!(await repo.departmentExists(input.department_id)))
          throw new AppError(400, 'VALIDATION_ERROR', 'The chosen department does not exist.', {
            fields: [{ path: 'department_id', message: 'not_found' }],
          });
        assertRight(actor, input.department_id, 'ADD');
        if (!(await repo.clientExists(input.client_id)))
          throw new AppError(400, 'VALIDATION_ERROR', 'The chosen client does not exist.', {
            fields: [{ path: 'client_id', message: 'not_found' }],
          });
        const sops = staged.filter((f) => f.field !== 'reference_files');
        const references = staged.filter((f) => f.field === 'reference_files');
        if (sops.length === 0) throw noFiles();
        const texts = new Map<StagedFile, Awaited<ReturnType<typeof extractSop>>>();
        for (const f of sops) texts.set(f, await extractSop(files, f));
        const ids = await commitAll(staged, async (paths) => {
          // A reference given with several SOPs is stored once for each, so each can drop it alone.
          const copies: string[] = [];
          try {
            return await db.transaction().execute(async (trx) => {
              const created: number[] = [];
              const now = nowIso();
              for (const [index, f] of sops.entries()) {
                const text = texts.get(f)!;
                const { requirements } = extractRequirements(text.sections, f.name);
                const { id } = await trx
                  .insertInto('sop_documents')
                  .values({
                    name: f.name,
                    department_id: input.department_id,
                    client_id: input.client_id,
                    industry: input.industry,
                    product_type: input.product_type,
                    page_count: text.pageCount,
                    requirement_count: requirements.length,
                    created_by: actor.id,
                    created_at: now,
                    updated_at: now,
                  })
                  .returning('id')
                  .executeTakeFirstOrThrow();
                await repo.insertFile(trx, {
                  ...sopFileRow(f, paths.get(f)!, actor, now),
                  document_id: id,
                  version: 1,
                  page_count: text.pageCount,
                  sections_json: JSON.stringify(text.sections),
                  requirements_json: JSON.stringify(requirements),
                });
                for (const r of references) {
                  const path =
                    index === 0 ? paths.get(r)! : await copyStored(files, paths.get(r)!, r.ext);
                  if (index > 0) copies.push(path);
                  await repo.insertFile(trx, {
                    ...sopFileRow(r, path, actor, now),
                    kind: 'reference',
                    page_count: 0,
                    document_id: id,
                    version: 1,
                  });
                }
                created.push(id);
              }
              return created;
            });
          } catch (error) {
            await Promise.all(copies.map((p) => files.storage.remove(p)));
            throw error;
          }
        });
        return shaped(ids);
      } catch (error) {
        await discardAll(files.storage, staged);
        throw error;
      }
    },

    /** PUT /sop/documents/update/{id}: a new current file; the one it replaces stays as history. */
    async replace(actor: Actor, id: number, parts: AsyncIterable<SopPart>): Promise<SopDocument> {
      const { files: staged } = await readUpload(files, parts, 1);
      try {
        const record = await visible(actor, id, 'UPDATE');
        const file = staged[0];
        if (!file) throw noFiles();
        const text = await extractSop(files, file);
        const { requirements } = extractRequirements(text.sections, file.name);
        await commitAll([file], (paths) =>
          db.transaction().execute(async (trx) => {
            const now = nowIso();
            const last = Math.max(
              0,
              ...record.files.filter((f) => f.kind === 'sop').map((f) => f.version),
            );
            await trx
              .updateTable('sop_files')
              .set({ replaced_at: now })
              .where('document_id', '=', id)
              .where('kind', '=', 'sop')
              .where('replaced_at', 'is', null)
              .execute();
            await repo.insertFile(trx, {
              ...sopFileRow(file, paths.get(file)!, actor, now),
              document_id: id,
              version: last + 1,
              page_count: text.pageCount,
              sections_json: JSON.stringify(text.sections),
              requirements_json: JSON.stringify(requirements),
            });
            await trx
              .updateTable('sop_documents')
              .set({
                page_count: text.pageCount,
                requirement_count: requirements.length,
                updated_at: now,
              })
              .where('id', '=', id)
              .execute();
          }),
        );
        return (await shaped([id]))[0];
      } catch (error) {
        await discardAll(files.storage, staged);
        throw error;
      }
    },

    async addReferences(actor: Actor, parts: AsyncIterable<SopPart>): Promise<SopDocument> {
      const { fields, files: staged } = await readUpload(files, parts);
      try {
        const { document_id: id } = parseInput(
          sopReferenceFieldsSchema,
          Object.fromEntries(fields),
        );
        await visible(actor, id, 'UPDATE');
        if (staged.length === 0) throw noFiles();
        await commitAll(staged, (paths) =>
          db.transaction().execute(async (trx) => {
            const now = nowIso();
            for (const f of staged)
              await repo.insertFile(trx, {
                ...sopFileRow(f, paths.get(f)!, actor, now),
                kind: 'reference',
                page_count: 0,
                document_id: id,
                version: 1,
              });
            await trx
              .updateTable('sop_documents')
              .set({ updated_at: now })
              .where('id', '=', id)
              .execute();
          }),
        );
        return (await shaped([id]))[0];
      } catch (error) {
        await discardAll(files.storage, staged);
        throw error;
      }
    },

    async removeReferences(actor: Actor, referenceIds: number[]): Promise<{ message: string }> {
      const rows = await Promise.all(referenceIds.map((id) => repo.file(id)));
      const found = rows.filter((r) => r !== undefined && r.kind === 'reference');
      if (found.length !== referenceIds.length) throw notFound('reference file');
      for (const r of found) await visible(actor, r!.document_id, 'UPDATE');
      await db.deleteFrom('sop_files').where('id', 'in', referenceIds).execute();
      await Promise.all(found.map((r) => files.storage.remove(r!.storage_path)));
      return { message: `${found.length} reference file(s) removed.` };
    },

    /** The file to show: a document's current (or given) version, or a reference file. */
    async fileToView(
      actor: Actor,
      ref: { documentId: number; version?: number } | { referenceId: number },
    ) {
      if ('referenceId' in ref) {
        const file = await repo.file(ref.referenceId);
        if (!file || file.kind !== 'reference') throw notFound('reference file');
        await visible(actor, file.document_id, 'LIST_VIEW');
        return file;
      }
      const record = await visible(actor, ref.documentId, 'LIST_VIEW');
      const wanted = record.files.find(
        (f) =>
          f.kind === 'sop' &&
          (ref.version === undefined ? f.replaced_at === null : f.version === ref.version),
      );
      if (!wanted) throw notFound('SOP version');
      return (await repo.file(wanted.id))!;
    },
  };
}
