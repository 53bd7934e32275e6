/**
 * What every role write goes through: the role locked and in the actor's departments, the
 * change checked against the rules (roles/rules.ts) and a unique name, and one transaction in
 * which a late unique-index hit still reads NAME_TAKEN.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { departmentScope, inScope } from '../../../contract/access';
import type { Role, RoleSnapshot, roleInputSchema } from '../../../contract/identity';
import { isUniqueViolation, type Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { DepartmentsRepo } from '../departments/repo';
import type { Actor } from '../identity/actor-scope';
import { realRights } from '../../../contract/permissions';
import { normaliseIds, parseIdList } from '../identity/history';
import { identityErrors } from '../identity/identity-errors';
import type { RoleRow, RolesRepo, RoleValues } from './repo';
import { checkRoleChange } from './rules';
import { toRoles } from './view';

export type RoleInput = z.infer<typeof roleInputSchema>;

export function createRoleWriter(
  database: Database,
  roles: RolesRepo,
  departments: DepartmentsRepo,
) {
  const { db } = database;

  const readable = (actor: Actor, departmentId: number | null, action: 'VIEW' | 'LIST_VIEW') =>
    departmentId === null || inScope(departmentScope(actor.subject, 'Roles', action), departmentId);

  async function fetchOne(id: number): Promise<Role> {
    const row = await roles.find(db, id);
    if (!row) throw identityErrors.roleNotFound();
    return (await toRoles(db, [row]))[0];
  }

  /** The role a write is about, locked; 404 when outside the actor's departments. */
  async function writable(
    trx: Transaction<DB>,
    actor: Actor,
    id: number,
    action: 'UPDATE' | 'DELETE',
  ) {
    const row = await roles.find(trx, id, true);
    if (!row) throw identityErrors.roleNotFound();
    if (row.department_id === null && !actor.isAdmin)
      throw identityErrors.escalation(
        'Only a default administrator may manage roles for all departments.',
      );
    if (
      row.department_id !== null &&
      !inScope(departmentScope(actor.subject, 'Roles', action), row.department_id)
    )
      throw identityErrors.roleNotFound();
    return row;
  }

  async function check(
    trx: Transaction<DB>,
    actor: Actor,
    values: RoleValues,
    before: RoleRow | null,
    options: { action: 'ADD' | 'UPDATE'; restoring: boolean },
  ) {
    const [dept] =
      values.department_id === null ? [] : await departments.byIds(trx, [values.department_id]);
    const moving = before !== null && before.department_id !== values.department_id;
    checkRoleChange({
      actor,
      action: options.action,
      values,
      before: before && { ...before, permission_set: parseIdList(before.permission_set) },
      departmentName: dept?.name,
      assignedIn: moving
        ? (await roles.assignedIn(trx, before.id)).map((a) => ({ ...a, n: Number(a.n) }))
        : [],
      restoring: options.restoring,
    });
    if (await roles.nameTaken(trx, values.name, values.department_id, before?.id))
      throw nameTaken(values, dept?.name);
  }

  const nameTaken = (values: RoleValues, departmentName?: string) =>
    identityErrors.nameTaken(
      departmentName
        ? `A role named '${values.name}' already exists in '${departmentName}'.`
        : `A role named '${values.name}' already exists.`,
    );

  /** Runs a write; a unique index that fires after the check (two saves at once) is NAME_TAKEN. */
  async function write<T>(values: RoleValues, work: (trx: Transaction<DB>) => Promise<T>) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(values);
      throw error;
    }
  }

  const valuesOf = (input: RoleInput | RoleSnapshot): RoleValues => ({
    name: input.name,
    description: input.description,
    department_id: input.department_id,
    // An old version may hold rights the catalogue no longer has (0036): they granted nothing.
    permission_set: normaliseIds(realRights(input.permission_set)),
  });

  return { readable, fetchOne, writable, check, nameTaken, write, valuesOf };
}

export type RoleWriter = ReturnType<typeof createRoleWriter>;
