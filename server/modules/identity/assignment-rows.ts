/**
 * Role assignments as the profile (every right check) and user administration read them: each
 * with the role's name and rights and the department's name, in the order they were given.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface UserAssignmentRow {
  user_id: number;
  department_id: number;
  department_name: string;
  role_id: number;
  role_name: string;
  permission_set: string;
}

/** The assignments query without a filter on users: callers add `where('ur.user_id', …)`. */
export function assignmentsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('departments as d', 'd.id', 'ur.department_id')
    .select([
      'ur.user_id',
      'ur.department_id',
      'd.name as department_name',
      'ur.role_id',
      'r.name as role_name',
      'r.permission_set',
    ])
    .orderBy('ur.id');
}
