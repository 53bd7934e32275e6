/**
 * Which departments a question may be answered from: those where the asker
 * holds Query.QUERY_DOCUMENT through a role assigned there (all departments for a default
 * administrator). A right held in department A says nothing about B (contract's departmentScope).
 *
 * - multi_source: every department of that scope.
 * - department_id given: it must be in the scope (403 otherwise), and only it is searched.
 * - neither: the whole scope, like multi_source. The console always sends the chosen
 *   department; API clients that do not name one still get only what they may see.
 */
import type { AccessSubject } from '../../../../contract/profile';
import type { Database } from '../../../db/database';
import { errors } from '../../../http/app-error';
import { departmentScope } from '../../../../contract/access';

interface QueryScope {
  /** The departments searched. */
  departmentIds: number[];
  /** The chosen department (null with multi-source or when none was named). */
  departmentId: number | null;
}

export async function queryableDepartments(
  database: Database,
  subject: AccessSubject,
): Promise<number[]> {
  const held = departmentScope(subject, 'Query', 'QUERY_DOCUMENT');
  if (held !== 'all') return [...new Set(held)].sort((a, b) => a - b);
  const rows = await database.db.selectFrom('departments').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function resolveScope(
  database: Database,
  subject: AccessSubject,
  request: { department_id?: number | null; multi_source: boolean },
): Promise<QueryScope> {
  const all = await queryableDepartments(database, subject);
  const chosen = request.department_id ?? null;
  if (request.multi_source || chosen === null) return { departmentIds: all, departmentId: null };
  if (!all.includes(chosen))
    throw errors.forbidden('You may not query the documents of this department.');
  return { departmentIds: [chosen], departmentId: chosen };
}
