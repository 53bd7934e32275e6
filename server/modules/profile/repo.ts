/** SQL for the signed-in user's own profile: role assignments with role and department names. */
import type { Kysely } from 'kysely';
import { prepareQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';

export interface AssignmentRow {
  role_id: number;
  role_name: string;
  permission_set: string;
  department_id: number;
  department_name: string;
}

export function createProfileRepo(db: Kysely<DB>) {
  // Read by every request that checks a right, and by GET /users/me: compiled once.
  const assignments = prepareQuery((userId: number) =>
    db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .innerJoin('departments as d', 'd.id', 'ur.department_id')
      .select([
        'ur.role_id',
        'r.name as role_name',
        'r.permission_set',
        'ur.department_id',
        'd.name as department_name',
      ])
      .where('ur.user_id', '=', userId)
      .orderBy('ur.id'),
  );
  return {
    assignments: (userId: number): Promise<AssignmentRow[]> => assignments.all(db, userId),
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
