/** SQL for knowledge documents: listing with names joined, inserts with their job, deletes. */
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import type { KnowledgeDocument } from '../../../contract/knowledge';
import { nowIso } from '../../db/database';
import type { DB, DocumentRow, DocumentsTable } from '../../db/schema';
import { inScope } from '../../db/scope';
import { enqueueJob } from '../../services/jobs';
import { baseQuery, LISTED, toDocument } from './document-listing';
import { type SortColumns, sortTerms } from '../../db/sorting';
import type { SortValue } from '../../../contract/paging';
import type { DocumentSort } from '../../../contract/knowledge';

/** What each `sort` of the knowledge list orders by. */
const DOCUMENT_SORT_COLUMNS: SortColumns<DocumentSort> = {
  name: ['lower(d.name)'],
  type: ['d.type'],
  size: ['d.size_bytes'],
  uploaded: ['d.created_at'],
  status: ['d.status'],
  // Unrecorded deletions (before 0035) sort as the oldest: nulls first ascending, last descending.
  deleted: ['case when d.deleted_at is null then 0 else 1 end', 'd.deleted_at'],
};

type Db = Kysely<DB> | Transaction<DB>;

interface ListFilter {
  /** Where the reader holds the right to list. */
  departments: DepartmentScope;
  /** One department of those, when the list is filtered by it. */
  departmentId?: number;
  isUrl?: boolean;
  softDeleted: boolean;
  search?: string;
  page: number;
  size: number;
  sort?: SortValue<DocumentSort>;
  /** The pages of this sitemap; null: top-level documents only; undefined: all. */
  parentId?: number | null;
}

type NewDocument = Omit<
  DocumentsTable,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'status'
  | 'error'
  | 'soft_delete'
  | 'summary'
  | 'page_count'
  | 'chunk_count'
  | 'last_fetched_at'
  | 'title'
  | 'language'
  | 'phase'
  | 'phase_done'
  | 'phase_total'
  | 'deleted_at'
  | 'deleted_by'
  | 'error_code'
  | 'error_params'
  | 'summary_code'
  | 'summary_params'
> &
  Partial<Pick<DocumentsTable, 'last_fetched_at'>>;

/** The lists and what they are filtered by. */
function documentListing(db: Kysely<DB>) {
  return {
    async list(filter: ListFilter): Promise<{ items: KnowledgeDocument[]; total: number }> {
      let query = baseQuery(db)
        .where(inScope('d.department_id', filter.departments))
        .where('d.soft_delete', '=', filter.softDeleted ? 1 : 0);
      if (filter.departmentId !== undefined)
        query = query.where('d.department_id', '=', filter.departmentId);
      if (filter.isUrl !== undefined) query = query.where('d.is_url', '=', filter.isUrl ? 1 : 0);
      if (filter.parentId === null) query = query.where('d.parent_id', 'is', null);
      else if (filter.parentId !== undefined)
        query = query.where('d.parent_id', '=', filter.parentId);
      if (filter.search) {
        // % and _ act as wildcards in the search; harmless for a read-only filter.
        const like = `%${filter.search.toLowerCase()}%`;
        query = query.where((eb) => eb(eb.fn('lower', ['d.name']), 'like', like));
      }
      const { total } = await query
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      let page = query.select([...LISTED]);
      for (const term of sortTerms(filter.sort, DOCUMENT_SORT_COLUMNS)) page = page.orderBy(term);
      const rows = await page
        .orderBy('d.id', 'desc')
        .limit(filter.size)
        .offset((filter.page - 1) * filter.size)
        .execute();
      return { items: rows.map((r) => toDocument(r)), total: Number(total) };
    },

    async listed(id: number): Promise<KnowledgeDocument | undefined> {
      const row = await baseQuery(db)
        .select([...LISTED])
        .where('d.id', '=', id)
        .executeTakeFirst();
      return row ? toDocument(row) : undefined;
    },

    async departmentExists(id: number): Promise<boolean> {
      return (
        (await db
          .selectFrom('departments')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst()) !== undefined
      );
    },
  };
}

/** Documents by id, address, content hash or parent. */
function documentLookups(db: Kysely<DB>) {
  return {
    find: (id: number, trx: Db = db): Promise<DocumentRow | undefined> =>
      trx.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst(),

    findMany: (ids: readonly number[]): Promise<DocumentRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('documents').selectAll().where('id', 'in', ids).execute(),

    /**
     * Documents of those sitemaps (the sitemap rows and their pages), by the sitemaps' addresses,
     * of the sitemaps in `scope`.
     */
    async sitemapFamilies(urls: readonly string[], scope: DepartmentScope): Promise<DocumentRow[]> {
      if (urls.length === 0) return [];
      const roots = await db
        .selectFrom('documents')
        .selectAll()
        .where('type', '=', 'sitemap')
        .where((eb) => eb.or([eb('url', 'in', urls), eb('name', 'in', urls)]))
        .where(inScope('department_id', scope))
        .execute();
      if (roots.length === 0) return [];
      const children = await db
        .selectFrom('documents')
        .selectAll()
        .where(
          'parent_id',
          'in',
          roots.map((r) => r.id),
        )
        .execute();
      return [...roots, ...children];
    },

    findBySha: (departmentId: number, sha256: string, trx: Db = db) =>
      trx
        .selectFrom('documents')
        .select(['id', 'name'])
        .where('department_id', '=', departmentId)
        .where('sha256', '=', sha256)
        .executeTakeFirst(),

    findByUrl: (departmentId: number, url: string, trx: Db = db) =>
      trx
        .selectFrom('documents')
        .select(['id', 'name'])
        .where('department_id', '=', departmentId)
        .where('url', '=', url)
        .where('parent_id', 'is', null)
        .executeTakeFirst(),

    children: (parentId: number): Promise<DocumentRow[]> =>
      db.selectFrom('documents').selectAll().where('parent_id', '=', parentId).execute(),

    /** Has a job waiting or running (a second one would race it). */
    async hasActiveJob(documentId: number, trx: Db = db): Promise<boolean> {
      const row = await trx
        .selectFrom('ingestion_jobs')
        .select('id')
        .where('document_id', '=', documentId)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/**
 * A code describes the English beside it: writing `error` or `summary` without its code clears
 * the old one, so a re-read document never shows the reason of an earlier failure.
 */
function withCodes(changes: Omit<Updateable<DocumentsTable>, 'id'>) {
  const out = { ...changes };
  if (changes.error !== undefined && changes.error_code === undefined)
    Object.assign(out, { error_code: null, error_params: null });
  if (changes.summary !== undefined && changes.summary_code === undefined)
    Object.assign(out, { summary_code: null, summary_params: null });
  return out;
}

/** Writes of documents, their jobs and tables. */
function documentWrites(db: Kysely<DB>) {
  return {
    /** The document row and its ingestion job, in the caller's transaction. */
    async insertWithJob(trx: Db, doc: NewDocument): Promise<number> {
      const now = nowIso();
      const { id } = await trx
        .insertInto('documents')
        .values({
          error: null,
          soft_delete: 0,
          summary: null,
          page_count: null,
          chunk_count: 0,
          last_fetched_at: null,
          ...doc,
          status: 'queued',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueueJob(trx, id);
      return id;
    },

    update: (id: number, changes: Omit<Updateable<DocumentsTable>, 'id'>, trx: Db = db) =>
      trx
        .updateTable('documents')
        .set({ ...withCodes(changes), updated_at: nowIso() })
        .where('id', '=', id)
        .execute(),

    /**
     * Flips soft_delete of each id (SPEC §4); the children of a sitemap follow their sitemap.
     * Going into the bin records who and when; coming out clears both.
     */
    async toggleSoftDelete(ids: readonly number[], by: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('documents')
          .select(['id', 'soft_delete'])
          .where('id', 'in', ids)
          .execute();
        const now = nowIso();
        for (const row of rows) {
          const next = row.soft_delete ? 0 : 1;
          await trx
            .updateTable('documents')
            .set({
              soft_delete: next,
              deleted_at: next ? now : null,
              deleted_by: next ? by : null,
              updated_at: now,
            })
            .where((eb) => eb.or([eb('id', '=', row.id), eb('parent_id', '=', row.id)]))
            .execute();
        }
      });
    },

    async deleteRows(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('document_tables').where('document_id', 'in', ids).execute();
        await trx.deleteFrom('ingestion_jobs').where('document_id', 'in', ids).execute();
        await trx.deleteFrom('document_scanned_pages').where('document_id', 'in', ids).execute();
        // Pages first, then their sitemaps (parent_id cascades too; explicit keeps it portable).
        await trx.deleteFrom('documents').where('parent_id', 'in', ids).execute();
        await trx.deleteFrom('documents').where('id', 'in', ids).execute();
      });
    },

    async replaceTables(
      trx: Db,
      documentId: number,
      tables: readonly { name: string; columns: string[]; rows: unknown[][] }[],
    ): Promise<void> {
      await trx.deleteFrom('document_tables').where('document_id', '=', documentId).execute();
      let ordinal = 0;
      for (const table of tables)
        await trx
          .insertInto('document_tables')
          .values({
            document_id: documentId,
            ordinal: ordinal++,
            name: table.name,
            columns: JSON.stringify(table.columns),
            rows: JSON.stringify(table.rows),
          })
          .execute();
    },
  };
}

export function createDocumentsRepo(db: Kysely<DB>) {
  return {
    ...documentListing(db),
    ...documentLookups(db),
    ...documentWrites(db),

    db,
  };
}

export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>;
