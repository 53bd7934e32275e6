/** SQL for the signed-in user's own profile: role assignments with role and department names. */
import type { Kysely } from 'kysely';
import { prepareQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { assignmentsQuery } from '../identity/assignment-rows';

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
    assignmentsQuery(db).where('ur.user_id', '=', userId),
  );
  return {
    assignments: (userId: number): Promise<AssignmentRow[]> => assignments.all(db, userId),
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
