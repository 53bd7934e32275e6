/** SQL of departments: rows with how many users and roles each holds. */
import type { Kysely, Transaction } from 'kysely';
import { dialectOf, lockRows } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { type SortColumns, sortTerms } from '../../db/sorting';
import type { SortValue } from '../../../contract/paging';
import type { DepartmentSort } from '../../../contract/identity';
import { nameInUse } from '../identity/unique-names';

/** What each `sort` of the departments list orders by. */
const DEPARTMENT_SORT_COLUMNS: SortColumns<DepartmentSort> = {
  name: ['lower(d.name)'],
  updated: ['d.updated_at'],
};

type Executor = Kysely<DB> | Transaction<DB>;

export interface DepartmentRow {
  id: number;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
  user_count: number;
  role_count: number;
  /** Knowledge documents, SOP documents (archived too) and checklists filed under it. */
  document_count: number;
  sop_document_count: number;
  checklist_count: number;
}

type Counted =
  'user_count' | 'role_count' | 'document_count' | 'sop_document_count' | 'checklist_count';

const base = (ex: Executor) =>
  ex
    .selectFrom('departments as d')
    .select(['d.id', 'd.name', 'd.description', 'd.created_at', 'd.updated_at']);

/** How many rows of a table are filed under each of the departments. */
async function perDepartment(
  ex: Executor,
  table: 'roles' | 'documents' | 'sop_documents' | 'sop_checklists',
  ids: number[],
): Promise<Map<number | null, number>> {
  // The tables share the department_id column; Kysely types a table named at run time as the
  // union of all four, so the statement is written against one of them.
  const rows = await ex
    .selectFrom(table as 'roles')
    .select(['department_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('department_id', 'in', ids)
    .groupBy('department_id')
    .execute();
  return new Map(rows.map((r) => [r.department_id, Number(r.n)]));
}

/**
 * Users, roles, documents, SOP documents and checklists per department, one grouped query each
 * for the whole page: what keeps a department from being deleted, shown before anyone tries.
 */
async function withCounts(
  ex: Executor,
  found: Omit<DepartmentRow, Counted>[],
): Promise<DepartmentRow[]> {
  if (found.length === 0) return [];
  const ids = found.map((d) => d.id);
  const [documents, sopDocuments, checklists] = await Promise.all([
    perDepartment(ex, 'documents', ids),
    perDepartment(ex, 'sop_documents', ids),
    perDepartment(ex, 'sop_checklists', ids),
  ]);
  const [users, roles] = await Promise.all([
    ex
      .selectFrom('user_roles')
      .select(['department_id', (eb) => eb.fn.count<number | string>('user_id').distinct().as('n')])
      .where('department_id', 'in', ids)
      .groupBy('department_id')
      .execute(),
    ex
      .selectFrom('roles')
      .select(['department_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('department_id', 'in', ids)
      .groupBy('department_id')
      .execute(),
  ]);
  const userMap = new Map(users.map((u) => [u.department_id, Number(u.n)]));
  const roleMap = new Map(roles.map((r) => [r.department_id, Number(r.n)]));
  return found.map((d) => ({
    ...d,
    user_count: userMap.get(d.id) ?? 0,
    role_count: roleMap.get(d.id) ?? 0,
    document_count: documents.get(d.id) ?? 0,
    sop_document_count: sopDocuments.get(d.id) ?? 0,
    checklist_count: checklists.get(d.id) ?? 0,
  }));
}

export function createDepartmentsRepo(db: Kysely<DB>) {
  return {
    async list(
      search: string | undefined,
      sort: SortValue<DepartmentSort> | undefined,
      limit?: { size: number; offset: number },
    ) {
      let query = db.selectFrom('departments as d');
      if (search) {
        const like = `%${search.toLowerCase()}%`;
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['d.name']), 'like', like),
            eb(eb.fn('lower', ['d.description']), 'like', like),
          ]),
        );
      }
      const { total } = await query
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      let rows = query.select(['d.id', 'd.name', 'd.description', 'd.created_at', 'd.updated_at']);
      for (const term of sortTerms(sort, DEPARTMENT_SORT_COLUMNS)) rows = rows.orderBy(term);
      rows = rows.orderBy('d.id');
      if (limit) rows = rows.limit(limit.size).offset(limit.offset);
      return { total: Number(total), rows: await withCounts(db, await rows.execute()) };
    },

    /**
     * Locks the department's row until the transaction ends (on PostgreSQL): a concurrent
     * assignment then waits and fails its foreign key, instead of being cascaded away unseen.
     */
    lock: (ex: Executor, id: number) =>
      lockRows(dialectOf(ex), ex.selectFrom('departments').select('id').where('id', '=', id)),

    async find(id: number, ex: Executor = db): Promise<DepartmentRow | undefined> {
      const row = await base(ex).where('d.id', '=', id).executeTakeFirst();
      return row ? (await withCounts(ex, [row]))[0] : undefined;
    },

    /** Id and name of each existing department among `ids`. */
    byIds: (ex: Executor, ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : ex.selectFrom('departments').select(['id', 'name']).where('id', 'in', ids).execute(),

    nameTaken: (ex: Executor, name: string, exceptId?: number) =>
      nameInUse(ex, 'departments', name, exceptId),

    async insert(ex: Executor, values: { name: string; description: string; now: string }) {
      const row = await ex
        .insertInto('departments')
        .values({
          name: values.name,
          description: values.description,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      ex: Executor,
      id: number,
      values: { name: string; description: string; now: string },
    ) {
      await ex
        .updateTable('departments')
        .set({ name: values.name, description: values.description, updated_at: values.now })
        .where('id', '=', id)
        .execute();
    },

    /** Knowledge documents filed under the department (their foreign key has no cascade). */
    async documentCount(ex: Executor, id: number): Promise<number> {
      const { n } = await ex
        .selectFrom('documents')
        .where('department_id', '=', id)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /**
     * SOP documents (archived ones too) and checklists filed under the department:
     * their foreign keys cascade, so deleting it would delete them behind the archive's back.
     */
    async sopHoldings(ex: Executor, id: number) {
      const [docs, checklists] = await Promise.all([
        ex
          .selectFrom('sop_documents')
          .where('department_id', '=', id)
          .select((eb) => [
            eb.fn.countAll<number | string>().as('n'),
            eb.fn.count<number | string>('archived_at').as('archived'),
          ])
          .executeTakeFirstOrThrow(),
        ex
          .selectFrom('sop_checklists')
          .where('department_id', '=', id)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        sopDocuments: Number(docs.n),
        archived: Number(docs.archived),
        checklists: Number(checklists.n),
      };
    },

    async remove(ex: Executor, id: number) {
      await ex.deleteFrom('departments').where('id', '=', id).execute();
    },
  };
}

export type DepartmentsRepo = ReturnType<typeof createDepartmentsRepo>;
