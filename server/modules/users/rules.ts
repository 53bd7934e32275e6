/**
 * The checks a user change must pass before it is written, so that nobody
 * hands out a right they do not hold themselves (no privilege escalation). Pure functions over
 * what the service loaded. Decisions:
 * - Non-admin staff may change, disable or delete a user only when ALL of that user's assignments
 *   are in departments where they hold Users.<action> and the user holds no right there that they
 *   do not hold themselves. Otherwise changing the e-mail address and asking for a password reset
 *   would hand them a stronger account. Default administrators are changed by default
 *   administrators only.
 * - A user may not disable themselves or change their own assignments or admin flag
 *   (SELF_MODIFICATION); their names and e-mail they may change.
 * - The last active default administrator is checked before "yourself", so the last admin trying
 *   to delete or disable their own account hears the more useful reason (LAST_DEFAULT_ADMIN).
 */
import type { AssignmentInput } from '../../../contract/identity';
import { departmentScope, inScope } from '../../../contract/access';
import { missingRights, rightNames, type Actor } from '../identity/actor-scope';
import { identityErrors } from '../identity/identity-errors';

export interface HeldAssignment {
  department_id: number;
  department_name: string;
  role_id: number;
  role_name: string;
  permission_set: number[];
}

export interface TargetUser {
  id: number;
  name: string;
  is_defaultadmin: boolean;
  status: 'active' | 'disabled';
  assignments: HeldAssignment[];
}

type ManageAction = 'UPDATE' | 'DELETE';

/** Whether the actor may see the user at all (one assignment in scope is enough to read). */
export function visibleTo(
  actor: Actor,
  assignments: readonly { department_id: number }[],
  action: 'LIST_VIEW' | 'VIEW' | 'UPDATE' | 'DELETE' | 'ADD',
): boolean {
  return (
    actor.isAdmin ||
    assignments.some((a) =>
      inScope(departmentScope(actor.subject, 'Users', action), a.department_id),
    )
  );
}

/** Whether every one of the assignments lies where the actor holds Users.UPDATE. */
export function managesAll(
  actor: Actor,
  assignments: readonly { department_id: number }[],
): boolean {
  if (actor.isAdmin) return true;
  return (
    assignments.length > 0 &&
    assignments.every((a) =>
      inScope(departmentScope(actor.subject, 'Users', 'UPDATE'), a.department_id),
    )
  );
}

/**
 * Why the actor may not change the user (the rule above), or undefined when they may. Other
 * modules that change a user's assignments (helpdesk agents) ask the same question.
 */
export function manageRefusal(
  actor: Actor,
  target: TargetUser,
  action: ManageAction,
): string | undefined {
  if (actor.isAdmin) return undefined;
  if (target.is_defaultadmin)
    return 'Only a default administrator may change or delete a default administrator.';
  for (const a of target.assignments) {
    if (!inScope(departmentScope(actor.subject, 'Users', action), a.department_id))
      return `${target.name} also belongs to '${a.department_name}', where you do not hold Users.${action}. Ask a default administrator.`;
    const missing = missingRights(actor, a.department_id, a.permission_set);
    if (missing.length > 0)
      return `${target.name} holds rights in '${a.department_name}' that you do not hold (${rightNames(missing)}), so you cannot change this account.`;
  }
  return undefined;
}

export function assertCanManage(actor: Actor, target: TargetUser, action: ManageAction): void {
  const refusal = manageRefusal(actor, target, action);
  if (refusal) throw identityErrors.escalation(refusal);
}

/** 409 when the change leaves no active default administrator. */
export function assertAdminsRemain(
  target: TargetUser,
  stillActiveAdmin: boolean,
  activeAdminIds: readonly number[],
): void {
  const wasActiveAdmin = target.is_defaultadmin && target.status === 'active';
  if (!wasActiveAdmin || stillActiveAdmin) return;
  if (activeAdminIds.some((id) => id !== target.id)) return;
  throw identityErrors.lastDefaultAdmin(
    `${target.name} is the last active default administrator; make someone else a default administrator first.`,
  );
}

interface FlagChange {
  isSelf: boolean;
  adminBefore: boolean;
  adminAfter: boolean;
  statusBefore: 'active' | 'disabled' | null;
  statusAfter: 'active' | 'disabled';
  assignmentsChanged: boolean;
}

export function assertSelfAndFlags(actor: Actor, change: FlagChange): void {
  if (change.isSelf) {
    if (change.statusAfter !== change.statusBefore)
      throw identityErrors.selfModification('You cannot disable or enable your own account.');
    if (change.adminAfter !== change.adminBefore)
      throw identityErrors.selfModification('You cannot change your own administrator flag.');
    if (change.assignmentsChanged)
      throw identityErrors.selfModification(
        'You cannot change your own roles; ask another administrator.',
      );
  }
  if (change.adminAfter !== change.adminBefore && !actor.isAdmin)
    throw identityErrors.escalation(
      'Only a default administrator may make someone a default administrator or take it away.',
    );
}

interface KnownRole {
  id: number;
  name: string;
  department_id: number | null;
  permission_set: number[];
}

interface AssignmentCheck {
  actor: Actor;
  action: 'ADD' | 'UPDATE' | 'DELETE';
  /** Only the assignments being added are checked; removals are covered by assertCanManage. */
  added: readonly { index: number; assignment: AssignmentInput }[];
  roles: ReadonlyMap<number, KnownRole>;
  departments: ReadonlyMap<number, string>;
  restoring: boolean;
}

export function checkAddedAssignments(check: AssignmentCheck): void {
  const { actor, restoring } = check;
  const wrong = (path: string, key: string, message: string) =>
    restoring
      ? identityErrors.conflict(`${message} This version cannot be restored as it was.`)
      : identityErrors.invalidField(path, key, message);
  for (const { index, assignment } of check.added) {
    const departmentName = check.departments.get(assignment.department_id);
    if (departmentName === undefined)
      throw wrong(
        `assignments.${index}.department_id`,
        'validation:unknownDepartment',
        `There is no department with id ${assignment.department_id}.`,
      );
    const role = check.roles.get(assignment.role_id);
    if (!role)
      throw wrong(
        `assignments.${index}.role_id`,
        'validation:unknownRole',
        `There is no role with id ${assignment.role_id}.`,
      );
    if (role.department_id !== null && role.department_id !== assignment.department_id)
      throw wrong(
        `assignments.${index}.role_id`,
        'validation:roleOutsideDepartment',
        `The role '${role.name}' belongs to another department and cannot be assigned in '${departmentName}'.`,
      );
    if (!inScope(departmentScope(actor.subject, 'Users', check.action), assignment.department_id))
      throw identityErrors.escalation(
        `You cannot assign roles in '${departmentName}': you do not hold Users.${check.action} there.`,
      );
    const missing = missingRights(actor, assignment.department_id, role.permission_set);
    if (missing.length > 0)
      throw identityErrors.escalation(
        `The role '${role.name}' grants rights you do not hold in '${departmentName}': ${rightNames(missing)}.`,
      );
  }
}
