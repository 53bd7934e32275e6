/**
 * Departments (SPEC §2 Department, §7). Only default administrators reach these calls
 * (route config `admin: true`), so there is no department scoping here. Decisions:
 * - Names are unique regardless of case (409 NAME_TAKEN).
 * - A department that still has users (assignments), roles or knowledge documents is not
 *   deleted: 409 DEPARTMENT_IN_USE naming the counts, because deleting would silently cascade to
 *   assignments and roles (and the documents' foreign key would refuse).
 * - SOP documents (archived ones too) and checklists hold it as well: their rows
 *   would cascade away unseen, so 409 DEPARTMENT_HAS_SOPS naming them.
 * - General (the seed's department 1) is where self-registered users go, so it cannot be
 *   deleted (409 CONFLICT); it can be renamed.
 * - Department changes keep no history (only users and roles have a history, the
 *   one that restore brings back).
 */
import type {
  Department,
  departmentInputSchema,
  departmentsQuerySchema,
} from '../../../contract/identity';
import type { Paged } from '../../../contract/paging';
import type { z } from 'zod';
import { isUniqueViolation, nowIso, type Database } from '../../db/database';
import { GENERAL_DEPARTMENT_ID } from '../../db/seed';
import { identityErrors } from '../identity/identity-errors';
import type { DepartmentRow, DepartmentsRepo } from './repo';

type DepartmentInput = z.infer<typeof departmentInputSchema>;
type ListQuery = z.infer<typeof departmentsQuerySchema>;

function toDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    user_count: Number(row.user_count),
    role_count: Number(row.role_count),
    document_count: row.document_count,
    sop_document_count: row.sop_document_count,
    checklist_count: row.checklist_count,
    is_default: row.id === GENERAL_DEPARTMENT_ID,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const nameTaken = (name: string) =>
  identityErrors.nameTaken(`A department named '${name}' already exists.`);

export function createDepartmentService(database: Database, repo: DepartmentsRepo) {
  const { db } = database;

  async function get(id: number): Promise<Department> {
    const row = await repo.find(id);
    if (!row) throw identityErrors.departmentNotFound();
    return toDepartment(row);
  }

  /** Unique-name check plus the index as the last word (two admins saving at once). */
  async function writeNamed<T>(
    name: string,
    exceptId: number | undefined,
    write: () => Promise<T>,
  ) {
    if (await repo.nameTaken(db, name, exceptId)) throw nameTaken(name);
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }

  return {
    get,

    async list(query: ListQuery): Promise<Paged<Department>> {
      if (query.type === 'all') {
        const { total, rows } = await repo.list(query.search, query.sort);
        return { items: rows.map(toDepartment), total, page: 1, size: total };
      }
      const { page, size } = query;
      const { total, rows } = await repo.list(query.search, query.sort, {
        size,
        offset: (page - 1) * size,
      });
      return { items: rows.map(toDepartment), total, page, size };
    },

    async create(input: DepartmentInput): Promise<Department> {
      const id = await writeNamed(input.name, undefined, () =>
        repo.insert(db, { ...input, now: nowIso() }),
      );
      return get(id);
    },

    async update(id: number, input: DepartmentInput): Promise<Department> {
      await get(id);
      await writeNamed(input.name, id, () => repo.update(db, id, { ...input, now: nowIso() }));
      return get(id);
    },

    async remove(id: number): Promise<{ message: string }> {
      if (id === GENERAL_DEPARTMENT_ID)
        throw identityErrors.conflict(
          'General cannot be deleted: self-registered users are placed in it.',
        );
      return db.transaction().execute(async (trx) => {
        await repo.lock(trx, id);
        const row = await repo.find(id, trx);
        if (!row) throw identityErrors.departmentNotFound();
        const users = Number(row.user_count);
        const roles = Number(row.role_count);
        const documents = await repo.documentCount(trx, id);
        const holders = [
          users && plural(users, 'user'),
          roles && plural(roles, 'role'),
          documents && plural(documents, 'document'),
        ].filter(Boolean);
        if (holders.length > 0)
          throw identityErrors.departmentInUse(
            `The department '${row.name}' still has ${holders.join(' and ')}. Move or remove them first.`,
          );
        const sop = await repo.sopHoldings(trx, id);
        const sopHolders = [
          sop.sopDocuments &&
            `${plural(sop.sopDocuments, 'SOP document')}${sop.archived ? ` (${sop.archived} archived)` : ''}`,
          sop.checklists && plural(sop.checklists, 'checklist'),
        ].filter(Boolean);
        if (sopHolders.length > 0)
          throw identityErrors.departmentHasSops(
            `The department '${row.name}' still has ${sopHolders.join(' and ')}. Delete them first (archived SOP documents permanently).`,
          );
        try {
          await repo.remove(trx, id);
        } catch (error) {
          // Anything else that refers to the department and has no cascade.
          if (isForeignKeyViolation(error))
            throw identityErrors.departmentInUse(
              `The department '${row.name}' is still referred to by other records.`,
            );
          throw error;
        }
        return { message: `The department '${row.name}' was deleted.` };
      });
    },
  };
}

export type DepartmentService = ReturnType<typeof createDepartmentService>;
