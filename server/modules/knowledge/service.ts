/**
 * The repository of documents (SPEC §2 /repository, §4 soft delete, §7), scoped to the
 * departments where the user holds the right: LIST_VIEW to list and read, DELETE to soft delete,
 * restore and delete, UPDATE to re-sync an address, VIEW to download the original.
 */
import type { Readable } from 'node:stream';
import type { DocumentsQuery, KnowledgeDocument } from '../../../contract/knowledge';
import type { Paged } from '../../../contract/paging';
import type { ActionName } from '../../../contract/permissions';
import type { AccessSubject } from '../../../contract/profile';
import { nowIso } from '../../db/database';
import type { DocumentRow } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { FetchError, type FetchPolicy } from '../../services/fetch';
import { enqueueJob } from '../../services/jobs';
import { isMissingFile, type Storage } from '../../services/storage';
import { departmentScope, inScope } from '../../../contract/access';
import type { IngestEngine } from './ingest-engine';
import type { DocumentsRepo } from './repo';
import { fetchToStorage } from './web-fetch';

interface DocumentsDeps {
  repo: DocumentsRepo;
  storage: Storage;
  engine: () => Promise<IngestEngine>;
  fetchPolicy: FetchPolicy;
  wake: () => void;
}

/** The content type a stored file is sent with, by its type (the API documentation lists them). */
export const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  // Fetched pages are never served as HTML from this origin (that would run their scripts here).
  html: 'application/octet-stream',
  sitemap: 'application/octet-stream',
};

/** Which documents a person may act on: departments by right, rows checked one by one. */
function documentAccess(repo: DocumentsDeps['repo']) {
  const scope = (subject: AccessSubject, action: ActionName) =>
    departmentScope(subject, 'Documents', action);

  /** The rows of `ids`, each in a department where the user holds `action`; else 404 / 403. */
  async function rowsFor(
    subject: AccessSubject,
    action: ActionName,
    ids: readonly number[],
  ): Promise<DocumentRow[]> {
    const unique = [...new Set(ids)];
    const rows = await repo.findMany(unique);
    const visible = scope(subject, 'LIST_VIEW');
    const allowed = scope(subject, action);
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = unique.filter((id) => {
      const row = found.get(id);
      return !row || (!inScope(visible, row.department_id) && !inScope(allowed, row.department_id));
    });
    if (missing.length > 0) throw errors.notFound(`No document with id ${missing.join(', ')}.`);
    if (rows.some((r) => !inScope(allowed, r.department_id)))
      throw errors.forbidden(
        'You do not have this right in the department of every chosen document.',
      );
    return rows;
  }
  return { scope, rowsFor };
}

/** Deletes the rows, a sitemap's pages with it: index entries, rows, then stored files. */
async function removeAll(
  { repo, storage, engine }: Pick<DocumentsDeps, 'repo' | 'storage' | 'engine'>,
  rows: DocumentRow[],
): Promise<number> {
  const ids = new Set(rows.map((r) => r.id));
  const children = (
    await Promise.all(rows.filter((r) => r.type === 'sitemap').map((r) => repo.children(r.id)))
  ).flat();
  const all = [...rows, ...children.filter((c) => !ids.has(c.id))];
  const { index } = await engine();
  for (const row of all) await index.removeDocument(row.id);
  await repo.deleteRows(all.map((r) => r.id));
  for (const row of all) await storage.remove(row.storage_path);
  return all.length;
}

/** A web address fetched again now and stored in place of its old copy. */
async function refetch(
  { repo, storage, fetchPolicy }: Pick<DocumentsDeps, 'repo' | 'storage' | 'fetchPolicy'>,
  row: DocumentRow,
): Promise<void> {
  let fetched;
  try {
    fetched = await fetchToStorage(row.url ?? row.name, fetchPolicy, storage);
  } catch (error) {
    if (error instanceof FetchError) throw new AppError(400, 'VALIDATION_ERROR', error.message);
    throw error;
  }
  const storagePath = await storage.commit(
    fetched.tempPath,
    fetched.type === 'sitemap' ? 'xml' : 'html',
  );
  // The new copy is stored before its row says so: a row that cannot change takes it back out.
  await repo
    .update(row.id, {
      storage_path: storagePath,
      size_bytes: fetched.size,
      type: fetched.type,
      last_fetched_at: nowIso(),
    })
    .catch(async (error: unknown) => {
      await storage.remove(storagePath);
      throw error;
    });
  await storage.remove(row.storage_path);
}

export function createDocumentsService(deps: DocumentsDeps) {
  const { repo, storage } = deps;
  const { scope, rowsFor } = documentAccess(repo);

  return {
    async list(
      subject: AccessSubject,
      query: DocumentsQuery & { page: number; size: number },
    ): Promise<Paged<KnowledgeDocument>> {
      const { items, total } = await repo.list({
        departments: scope(subject, 'LIST_VIEW'),
        departmentId: typeof query.department_id === 'number' ? query.department_id : undefined,
        isUrl: query.is_url === undefined ? undefined : query.is_url === 'true',
        softDeleted: query.soft_delete === 'true',
        search: query.search,
        page: query.page,
        size: query.size,
        sort: query.sort,
        // A search looks through the pages of sitemaps too; the plain list shows their sitemaps.
        parentId:
          typeof query.parent_id === 'number' ? query.parent_id : query.search ? undefined : null,
      });
      return { items, total, page: query.page, size: query.size };
    },

    async get(subject: AccessSubject, id: number): Promise<KnowledgeDocument> {
      await rowsFor(subject, 'LIST_VIEW', [id]);
      const doc = await repo.listed(id);
      if (!doc) throw errors.notFound(`No document with id ${id}.`);
      return doc;
    },

    async toggleSoftDelete(
      subject: AccessSubject,
      ids: number[],
      by: number,
    ): Promise<KnowledgeDocument[]> {
      await rowsFor(subject, 'DELETE', ids);
      await repo.toggleSoftDelete([...new Set(ids)], by);
      const docs = await Promise.all([...new Set(ids)].map((id) => repo.listed(id)));
      return docs.filter((d): d is KnowledgeDocument => d !== undefined);
    },

    async delete(subject: AccessSubject, ids: number[]): Promise<{ deleted: number }> {
      return { deleted: await removeAll(deps, await rowsFor(subject, 'DELETE', ids)) };
    },

    async deleteSitemaps(subject: AccessSubject, urls: string[]): Promise<{ deleted: number }> {
      const rows = await repo.sitemapFamilies(urls, scope(subject, 'DELETE'));
      if (rows.length === 0)
        throw errors.notFound('No sitemap with that address in your departments.');
      return { deleted: await removeAll(deps, rows) };
    },

    /** Fetches an address again now; its job then reads it and replaces its chunks. */
    async resync(subject: AccessSubject, id: number): Promise<KnowledgeDocument> {
      const [row] = await rowsFor(subject, 'UPDATE', [id]);
      if (!row.is_url)
        throw new AppError(
          400,
          'VALIDATION_ERROR',
          'Only documents from web addresses can be re-synced.',
        );
      if (await repo.hasActiveJob(row.id))
        throw new AppError(
          409,
          'CONFLICT',
          'This document is being read right now; re-sync it when it is ready or failed.',
        );
      if (row.parent_id === null) await refetch(deps, row);
      await repo.db.transaction().execute(async (trx) => {
        await repo.update(row.id, { status: 'queued', error: null }, trx);
        await enqueueJob(trx, row.id);
      });
      // Read before the workers are woken, so the answer is the state this call set ('queued'),
      // not whatever a worker has made of it a moment later.
      const doc = await repo.listed(row.id);
      deps.wake();
      if (!doc) throw errors.notFound();
      return doc;
    },

    async download(
      subject: AccessSubject,
      id: number,
    ): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
      const [row] = await rowsFor(subject, 'VIEW', [id]);
      if (!row.storage_path) throw errors.notFound('This document has no stored file yet.');
      // Only a file that is not there is a 404; a store that does not answer stays a 503.
      const size = await storage.sizeOf(row.storage_path).catch((error: unknown) => {
        if (isMissingFile(error)) return undefined;
        throw error;
      });
      if (size === undefined) throw errors.notFound('The file of this document is missing.');
      const fileName = row.is_url
        ? `${new URL(row.url ?? row.name).hostname}.${row.type === 'sitemap' ? 'xml' : 'html'}`
        : row.name;
      return {
        stream: await storage.openRead(row.storage_path),
        fileName,
        contentType: MIME[row.type] ?? 'application/octet-stream',
        size,
      };
    },
  };
}
