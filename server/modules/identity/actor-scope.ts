/**
 * Who is acting, and where (department scoping). The permissions plugin answers "may
 * this person call this route at all" with contract's hasPermission (rights OR-ed across every
 * assignment, SPEC §6). Services then ask the finer question this module answers: in WHICH
 * departments does the actor hold a right. A right held through a role assigned in department A
 * says nothing about department B, so non-admin staff see and change only users and roles of the
 * departments where the role that grants the right is assigned. Default administrators act
 * everywhere.
 */
import { departmentScope, inScope } from '../../../contract/access';
import { permissionById } from '../../../contract/permissions';
import type { AccessSubject } from '../../../contract/profile';

export interface Actor {
  id: number;
  /** Kept in history rows, so an entry still says who made it after that user is deleted. */
  name: string;
  isAdmin: boolean;
  /** The role assignments the rules read (contract's departmentScope). */
  subject: AccessSubject;
}

export function actorFrom(
  user: { id: number; first_name: string; last_name: string; username: string },
  subject: AccessSubject,
): Actor {
  return { id: user.id, name: displayName(user), isAdmin: subject.is_defaultadmin, subject };
}

export function displayName(user: {
  first_name: string;
  last_name: string;
  username: string;
}): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/** The ids of `wanted` the actor does not hold in the department (none for an administrator). */
export function missingRights(
  actor: Actor,
  departmentId: number,
  wanted: readonly number[],
): number[] {
  return wanted.filter((id) => {
    const def = permissionById(id);
    return (
      !def || !inScope(departmentScope(actor.subject, def.module_name, def.action), departmentId)
    );
  });
}

/** `Users.DELETE, Roles.ADD` — how refusals name rights. */
export function rightNames(ids: readonly number[]): string {
  return ids
    .map((id) => {
      const def = permissionById(id);
      return def ? `${def.module_name}.${def.action}` : `#${id}`;
    })
    .join(', ');
}
