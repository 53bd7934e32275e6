/**
 * Roles and their permission sets (SPEC §2 Roles, §3, §7); history and restore are in
 * history-service.ts. Every write and its history row share one transaction. Decisions:
 * - Department scoping: non-admin staff see roles of the departments where they hold the right
 *   plus the roles for every department (they can assign those); a role outside answers 404.
 *   Lists also show the roles of departments where they add or edit users (see listScope).
 * - DELETE /roles/{id} (not in SPEC §7) needs Roles.DELETE; a role still assigned answers 409
 *   ROLE_IN_USE with the count, a built-in role 409 CONFLICT.
 * - Restore brings back the version an entry stands for (see history.ts versionOf), through the
 *   same checks as PUT. Restoring a deleted role recreates it under its old id, so its history
 *   continues; that additionally needs Roles.ADD in the role's department.
 * - A PUT that changes nothing writes nothing (no empty history entries); a restore always
 *   writes its entry, since someone chose to bring a version back.
 */
import type { z } from 'zod';
import { departmentScope } from '../../../contract/access';
import type { Role, rolesQuerySchema } from '../../../contract/identity';
import type { Paged } from '../../../contract/paging';
import { nowIso, type Database } from '../../db/database';
import type { Actor } from '../identity/actor-scope';
import { historyValues } from '../identity/history';
import { identityErrors } from '../identity/identity-errors';
import type { RoleFilter, RolesRepo } from './repo';
import { BUILT_IN_ROLE_IDS } from './rules';
import { sameSnapshot, snapshotOfRole, toRoles } from './view';
import type { RoleInput, RoleWriter } from './writer';

type ListQuery = z.infer<typeof rolesQuerySchema>;

/**
 * Departments whose roles the actor sees in lists: where they manage roles (Roles.LIST_VIEW) or
 * assign them to users (Users.ADD, Users.UPDATE) — the user form picks roles from this list.
 */
function listScope(actor: Actor): 'all' | number[] {
  if (actor.isAdmin) return 'all';
  const rights = [
    departmentScope(actor.subject, 'Roles', 'LIST_VIEW'),
    departmentScope(actor.subject, 'Users', 'ADD'),
    departmentScope(actor.subject, 'Users', 'UPDATE'),
  ] as number[][];
  return [...new Set(rights.flat())];
}

export function createRoleService(database: Database, roles: RolesRepo, w: RoleWriter) {
  const { db } = database;
  const { readable, fetchOne, writable, check, write, valuesOf } = w;

  return {
    async list(actor: Actor, query: ListQuery, permissionId?: number): Promise<Paged<Role>> {
      const filter: RoleFilter = {
        scope: listScope(actor),
        search: query.search,
        departmentId: query.department_id,
        permissionId,
        sort: query.sort,
      };
      if (query.type === 'all') {
        const { total, rows } = await roles.list(filter);
        return { items: await toRoles(db, rows), total, page: 1, size: total };
      }
      const { page, size } = query;
      const { total, rows } = await roles.list(filter, { size, offset: (page - 1) * size });
      return { items: await toRoles(db, rows), total, page, size };
    },

    async get(actor: Actor, id: number): Promise<Role> {
      const role = await fetchOne(id);
      if (!readable(actor, role.department_id, 'VIEW')) throw identityErrors.roleNotFound();
      return role;
    },

    async create(actor: Actor, input: RoleInput): Promise<Role> {
      const values = valuesOf(input);
      const id = await write(values, async (trx) => {
        await check(trx, actor, values, null, { action: 'ADD', restoring: false });
        const newId = await roles.insert(trx, values, actor.id, nowIso());
        await roles.insertHistory(trx, {
          role_id: newId,
          ...historyValues(actor, 'create', null, values),
        });
        return newId;
      });
      return fetchOne(id);
    },

    async update(actor: Actor, id: number, input: RoleInput): Promise<Role> {
      const values = valuesOf(input);
      await write(values, async (trx) => {
        const before = await writable(trx, actor, id, 'UPDATE');
        await check(trx, actor, values, before, { action: 'UPDATE', restoring: false });
        const old = snapshotOfRole(before);
        if (sameSnapshot(old, values)) return;
        await roles.update(trx, id, values, actor.id, nowIso());
        await roles.insertHistory(trx, {
          role_id: id,
          ...historyValues(actor, 'update', old, values),
        });
      });
      return fetchOne(id);
    },

    async remove(actor: Actor, id: number): Promise<{ message: string }> {
      return db.transaction().execute(async (trx) => {
        const before = await writable(trx, actor, id, 'DELETE');
        if (BUILT_IN_ROLE_IDS.has(id))
          throw identityErrors.conflict(
            `'${before.name}' is a built-in role and cannot be deleted.`,
          );
        const users = Number(before.user_count);
        if (users > 0)
          throw identityErrors.roleInUse(
            `'${before.name}' is assigned to ${users} user(s). Assign them another role first.`,
          );
        await roles.remove(trx, id);
        await roles.insertHistory(trx, {
          role_id: id,
          ...historyValues(actor, 'delete', snapshotOfRole(before), null),
        });
        return { message: `The role '${before.name}' was deleted.` };
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
