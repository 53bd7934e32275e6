/**
 * The checks a role change must pass before it is written, so that nobody
 * hands out a right they do not hold themselves (no privilege escalation).
 * Decisions:
 * - Roles for every department (department_id null) are created, changed, deleted and restored by
 *   default administrators only: they reach into departments nobody else manages.
 * - Non-admin staff act only in departments where they hold Roles.<action>, and every right a
 *   change adds to a role (or brings into another department by moving the role) must be one they
 *   hold in that department themselves. Rights already in the role may stay.
 * - A role still assigned in departments it would no longer belong to is not moved (409
 *   ROLE_IN_USE): those assignments would silently become invalid.
 * - The built-in roles (ids 1–4, SPEC §6: the helpdesk role is role_id 3, 'Trial' is matched by
 *   name, sign-up assigns Trial) keep their names and stay roles for every department; their
 *   rights can be edited.
 */
import type { ActionName } from '../../../contract/permissions';
import { ROLE_IDS } from '../../db/seed';
import { departmentScope, inScope } from '../../../contract/access';
import { missingRights, rightNames, type Actor } from '../identity/actor-scope';
import { identityErrors } from '../identity/identity-errors';
import type { RoleValues } from './repo';

export const BUILT_IN_ROLE_IDS: ReadonlySet<number> = new Set(Object.values(ROLE_IDS));

interface RoleBefore {
  id: number;
  name: string;
  department_id: number | null;
  permission_set: number[];
}

interface RoleCheckContext {
  actor: Actor;
  action: Extract<ActionName, 'ADD' | 'UPDATE'>;
  values: RoleValues;
  before: RoleBefore | null;
  /** The target department's name, or undefined when it does not exist. */
  departmentName: string | undefined;
  /** Users holding the role, per department (for moves). */
  assignedIn: readonly { department_id: number; n: number }[];
  /** True when a history version is being brought back (missing things are conflicts then). */
  restoring: boolean;
}

export function checkRoleChange(ctx: RoleCheckContext): void {
  const { actor, values, before } = ctx;
  const dept = values.department_id;
  if (dept === null && !actor.isAdmin)
    throw identityErrors.escalation(
      'Only a default administrator may manage roles for all departments.',
    );
  if (dept !== null && ctx.departmentName === undefined) {
    if (ctx.restoring)
      throw identityErrors.conflict(
        `The department (id ${dept}) of this version no longer exists; it cannot be restored.`,
      );
    throw identityErrors.invalidField(
      'department_id',
      'validation:unknownDepartment',
      `There is no department with id ${dept}.`,
    );
  }
  if (dept !== null && !inScope(departmentScope(actor.subject, 'Roles', ctx.action), dept))
    throw identityErrors.escalation(
      `You cannot manage roles in the department '${ctx.departmentName}': you do not hold Roles.${ctx.action} there.`,
    );

  const sameDepartment = before !== null && before.department_id === dept;
  const added = sameDepartment
    ? values.permission_set.filter((id) => !before.permission_set.includes(id))
    : values.permission_set;
  const missing = dept === null ? [] : missingRights(actor, dept, added);
  if (missing.length > 0)
    throw identityErrors.escalation(
      `You cannot grant rights you do not hold in '${ctx.departmentName}': ${rightNames(missing)}.`,
    );

  if (before && BUILT_IN_ROLE_IDS.has(before.id) && (values.name !== before.name || dept !== null))
    throw identityErrors.conflict(
      `'${before.name}' is a built-in role: it keeps its name and stays a role for all departments.`,
    );

  if (before && !sameDepartment && dept !== null) {
    const stranded = ctx.assignedIn
      .filter((a) => a.department_id !== dept)
      .reduce((sum, a) => sum + a.n, 0);
    if (stranded > 0)
      throw identityErrors.roleInUse(
        `'${before.name}' is assigned to ${stranded} user(s) in other departments, so it cannot be moved to '${ctx.departmentName}'.`,
      );
  }
}
