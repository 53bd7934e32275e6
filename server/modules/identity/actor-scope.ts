/**
 * Who is acting, and where (issue 4 "department scoping"). The permissions plugin answers "may
 * this person call this route at all" with contract's hasPermission (rights OR-ed across every
 * assignment, SPEC §6). Services then ask the finer question this module answers: in WHICH
 * departments does the actor hold a right. A right held through a role assigned in department A
 * says nothing about department B, so non-admin staff see and change only users and roles of the
 * departments where the role that grants the right is assigned. Default administrators act
 * everywhere.
 */
import {
  ACTIONS,
  permissionById,
  permissionId,
  type ActionName,
  type ModuleName,
} from '../../../contract/permissions';
import type { AccessSubject } from '../../../contract/profile';

export interface Actor {
  id: number;
  /** Kept in history rows, so an entry still says who made it after that user is deleted. */
  name: string;
  isAdmin: boolean;
  /** Permission ids held per department id (union of the roles assigned there). */
  rights: ReadonlyMap<number, ReadonlySet<number>>;
}

export function actorFrom(
  user: { id: number; first_name: string; last_name: string; username: string },
  subject: AccessSubject,
): Actor {
  const rights = new Map<number, Set<number>>();
  for (const entry of subject.permissions) {
    const held = rights.get(entry.department_id) ?? new Set<number>();
    for (const module of entry.actions)
      for (const action of ACTIONS)
        if (module[action]) held.add(permissionId(module.module_name, action));
    rights.set(entry.department_id, held);
  }
  return {
    id: user.id,
    name: displayName(user),
    isAdmin: subject.is_defaultadmin,
    rights,
  };
}

export function displayName(user: {
  first_name: string;
  last_name: string;
  username: string;
}): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/** Departments where the actor holds module.action; 'all' for a default administrator. */
export function departmentsWith(
  actor: Actor,
  module: ModuleName,
  action: ActionName,
): 'all' | number[] {
  if (actor.isAdmin) return 'all';
  const id = permissionId(module, action);
  return [...actor.rights].filter(([, held]) => held.has(id)).map(([dept]) => dept);
}

export function holdsIn(
  actor: Actor,
  departmentId: number,
  module: ModuleName,
  action: ActionName,
): boolean {
  return (
    actor.isAdmin || (actor.rights.get(departmentId)?.has(permissionId(module, action)) ?? false)
  );
}

/** The ids of `wanted` the actor does not hold in the department (none for an administrator). */
export function missingRights(
  actor: Actor,
  departmentId: number,
  wanted: readonly number[],
): number[] {
  if (actor.isAdmin) return [];
  const held = actor.rights.get(departmentId);
  return wanted.filter((id) => !held?.has(id));
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
