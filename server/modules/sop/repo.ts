/** SQL of SOP documents: the documents, their files (versions and references) and clients. */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import type { SopDocumentsQuery } from '../../../contract/sop';
import type { DB, SopDocumentRow, SopFileRow, SopFilesTable } from '../../db/schema';
import { inScope } from '../../db/scope';

type Executor = Kysely<DB> | Transaction<DB>;

export interface SopRecord extends SopDocumentRow {
  department_name: string;
  client_name: string;
  files: SopFileRow[];
  archived_by_name: string | null;
}

const FILE_COLUMNS = [
  'id',
  'document_id',
  'kind',
  'version',
  'name',
  'type',
  'size_bytes',
  'sha256',
  'storage_path',
  'page_count',
  'replaced_at',
  'uploaded_by',
  'uploaded_at',
] as const;

export function createSopRepo(db: Kysely<DB>) {
  async function complete(ex: Executor, rows: Omit<SopRecord, 'files'>[]): Promise<SopRecord[]> {
    if (rows.length === 0) return [];
    const files = await ex
      .selectFrom('sop_files')
      .select(FILE_COLUMNS)
      .where(
        'document_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('version', 'desc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => ({
      ...r,
      files: files
        .filter((f) => f.document_id === r.id)
        .map((f) => ({
          ...f,
          sections_json: null,
          requirements_json: null,
          llm_requirements_json: null,
          llm_fallback: null,
        })),
    }));
  }

  function base(ex: Executor) {
    return ex
      .selectFrom('sop_documents as s')
      .innerJoin('departments as d', 'd.id', 's.department_id')
      .innerJoin('sop_clients as c', 'c.id', 's.client_id')
      .leftJoin('users as u', 'u.id', 's.archived_by')
      .selectAll('s')
      .select(['d.name as department_name', 'c.first_name as client_name'])
      .select(
        sql<
          string | null
        >`case when u.id is null then null else trim(u.first_name || ' ' || u.last_name) end`.as(
          'archived_by_name',
        ),
      );
  }

  return {
    db,

    async list(
      scope: DepartmentScope,
      q: SopDocumentsQuery,
    ): Promise<{ total: number; items: SopRecord[] }> {
      let query = base(db).where(
        's.archived_at',
        q.search_type === 'archived' ? 'is not' : 'is',
        null,
      );
      query = query.where(inScope('s.department_id', scope));
      if (q.department_id) query = query.where('s.department_id', '=', q.department_id);
      if (q.document_id) query = query.where('s.id', '=', q.document_id);
      if (q.product_type) query = query.where('s.product_type', '=', q.product_type);
      if (q.name) query = query.where(sql`lower(s.name)`, 'like', `%${q.name.toLowerCase()}%`);
      if (q.client_name)
        query = query.where(sql`lower(c.first_name)`, 'like', `%${q.client_name.toLowerCase()}%`);
      const { n } = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .orderBy('s.id', 'desc')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute();
      return { total: Number(n), items: await complete(db, rows) };
    },

    async find(id: number, ex: Executor = db): Promise<SopRecord | undefined> {
      const row = await base(ex).where('s.id', '=', id).executeTakeFirst();
      return row ? (await complete(ex, [row]))[0] : undefined;
    },

    async file(id: number): Promise<SopFileRow | undefined> {
      return db.selectFrom('sop_files').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The document's current SOP file, with its text and requirements. */
    async currentFile(documentId: number): Promise<SopFileRow | undefined> {
      return db
        .selectFrom('sop_files')
        .selectAll()
        .where('document_id', '=', documentId)
        .where('kind', '=', 'sop')
        .where('replaced_at', 'is', null)
        .executeTakeFirst();
    },

    async setLlmRequirements(fileId: number, json: string) {
      await db
        .updateTable('sop_files')
        .set({ llm_requirements_json: json })
        .where('id', '=', fileId)
        .execute();
    },

    /** The model's requirements were refused for this file: the built-in's stand for good. */
    async setLlmFallback(fileId: number, reason: string) {
      await db
        .updateTable('sop_files')
        .set({ llm_fallback: reason.slice(0, 500) })
        .where('id', '=', fileId)
        .execute();
    },

    async insertFile(ex: Executor, row: Insertable<SopFilesTable>): Promise<number> {
      const { id } = await ex
        .insertInto('sop_files')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async storagePaths(ex: Executor, documentIds: number[]): Promise<string[]> {
      if (documentIds.length === 0) return [];
      const rows = await ex
        .selectFrom('sop_files')
        .select('storage_path')
        .where('document_id', 'in', documentIds)
        .execute();
      return rows.map((r) => r.storage_path);
    },

    async departmentExists(id: number): Promise<boolean> {
      return Boolean(
        await db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst(),
      );
    },

    async clientExists(id: number): Promise<boolean> {
      return Boolean(
        await db.selectFrom('sop_clients').select('id').where('id', '=', id).executeTakeFirst(),
      );
    },

    departments() {
      return db.selectFrom('departments').select(['id', 'name']).orderBy('name').execute();
    },

    async clients() {
      return db
        .selectFrom('sop_clients')
        .select(['id', 'first_name as name'])
        .orderBy('first_name')
        .execute();
    },

    async addClient(firstName: string, now: string) {
      const existing = await db
        .selectFrom('sop_clients')
        .select(['id', 'first_name as name'])
        .where(sql`lower(first_name)`, '=', firstName.toLowerCase())
        .executeTakeFirst();
      if (existing) return { created: false, client: existing };
      const { id } = await db
        .insertInto('sop_clients')
        .values({ first_name: firstName, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { created: true, client: { id, name: firstName } };
    },

    /** The values SOPs of the departments in `scope` use (archived ones too). */
    async distinct(column: 'industry' | 'product_type', scope: DepartmentScope): Promise<string[]> {
      const rows = await db
        .selectFrom('sop_documents')
        .select(column)
        .distinct()
        .where(inScope('department_id', scope))
        .execute();
      return rows.map((r) => r[column]);
    },
  };
}

export type SopRepo = ReturnType<typeof createSopRepo>;
