/**
 * Roles and their permission sets (SPEC §2 Roles, §3, §7; issue 4), with change history and
 * restore. Every write and its history row share one transaction. Decisions:
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
import type {
  Role,
  RoleHistoryEntry,
  RoleSnapshot,
  roleInputSchema,
  rolesQuerySchema,
} from '../../../contract/identity';
import { roleSnapshotSchema } from '../../../contract/identity';
import type { Paged } from '../../../contract/paging';
import type { z } from 'zod';
import { isUniqueViolation, nowIso, type Database } from '../../db/database';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { actorNames, actorRef } from '../identity/actor-names';
import { departmentScope, inScope } from '../../../contract/access';
import { type Actor } from '../identity/actor-scope';
import {
  changedBy,
  historyValues,
  normaliseIds,
  parseIdList,
  parseSnapshot,
  versionOf,
} from '../identity/history';
import { identityErrors } from '../identity/identity-errors';
import type { DepartmentsRepo } from '../departments/repo';
import type { RoleFilter, RoleHistoryRow, RoleRow, RolesRepo, RoleValues } from './repo';
import { BUILT_IN_ROLE_IDS, checkRoleChange } from './rules';

type RoleInput = z.infer<typeof roleInputSchema>;
type ListQuery = z.infer<typeof rolesQuerySchema>;
type PageOf = { page: number; size: number };

export function snapshotOfRole(row: RoleRow): RoleSnapshot {
  return {
    name: row.name,
    description: row.description,
    department_id: row.department_id,
    permission_set: parseIdList(row.permission_set),
  };
}

function toHistoryEntry(row: RoleHistoryRow): RoleHistoryEntry {
  const before = parseSnapshot(roleSnapshotSchema, row.old_values);
  const after = parseSnapshot(roleSnapshotSchema, row.new_values);
  return {
    id: row.id,
    role_id: row.role_id,
    action: row.action,
    changed_by: changedBy(row),
    changed_at: row.changed_at,
    restored_from: row.restored_from,
    changes: {
      old_permission_set: before?.permission_set ?? null,
      permission_set: after?.permission_set ?? null,
      old: before,
      new: after,
    },
  };
}

const sameSnapshot = (a: RoleSnapshot, b: RoleSnapshot) => JSON.stringify(a) === JSON.stringify(b);

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

export function createRoleService(
  database: Database,
  roles: RolesRepo,
  departments: DepartmentsRepo,
) {
  const { db } = database;

  async function toRoles(rows: RoleRow[]): Promise<Role[]> {
    const names = await actorNames(
      db,
      rows.flatMap((r) => [r.created_by, r.updated_by]),
    );
    return rows.map((row) => ({
      id: row.id,
      role_id: row.id,
      name: row.name,
      description: row.description,
      department_id: row.department_id,
      department_name: row.department_name,
      permission_set: parseIdList(row.permission_set),
      user_count: Number(row.user_count),
      created_at: row.created_at,
      updated_at: row.updated_at,
      created_by: actorRef(names, row.created_by),
      updated_by: actorRef(names, row.updated_by),
    }));
  }

  const readable = (actor: Actor, departmentId: number | null, action: 'VIEW' | 'LIST_VIEW') =>
    departmentId === null || inScope(departmentScope(actor.subject, 'Roles', action), departmentId);

  async function fetchOne(id: number): Promise<Role> {
    const row = await roles.find(db, id);
    if (!row) throw identityErrors.roleNotFound();
    return (await toRoles([row]))[0];
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
    permission_set: normaliseIds(input.permission_set),
  });

  return {
    async list(actor: Actor, query: ListQuery, permissionId?: number): Promise<Paged<Role>> {
      const filter: RoleFilter = {
        scope: listScope(actor),
        search: query.search,
        departmentId: query.department_id,
        permissionId,
      };
      if (query.type === 'all') {
        const { total, rows } = await roles.list(filter);
        return { items: await toRoles(rows), total, page: 1, size: total };
      }
      const { page, size } = query;
      const { total, rows } = await roles.list(filter, { size, offset: (page - 1) * size });
      return { items: await toRoles(rows), total, page, size };
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

    async history(
      actor: Actor,
      id: number,
      { page, size }: PageOf,
    ): Promise<Paged<RoleHistoryEntry>> {
      const current = await roles.find(db, id);
      let departmentId: number | null;
      if (current) departmentId = current.department_id;
      else {
        // A deleted role: its last version says which department it belonged to.
        const latest = await roles.latestHistory(db, id);
        if (!latest) throw identityErrors.roleNotFound();
        const entry = toHistoryEntry(latest);
        departmentId = (entry.changes.old ?? entry.changes.new)?.department_id ?? null;
      }
      if (!readable(actor, departmentId, 'VIEW')) throw identityErrors.roleNotFound();
      const { total, entries } = await roles.history(id, { size, offset: (page - 1) * size });
      return { items: entries.map(toHistoryEntry), total, page, size };
    },

    async restore(actor: Actor, id: number, entryId: number): Promise<Role> {
      let values: RoleValues | undefined;
      await db
        .transaction()
        .execute(async (trx) => {
          const entry = await roles.historyEntry(trx, id, entryId);
          if (!entry) throw identityErrors.historyEntryNotFound();
          const version = versionOf({ action: entry.action, ...toHistoryEntry(entry).changes });
          if (!version) throw identityErrors.historyEntryNotFound();
          values = valuesOf(version);
          const current = await roles.find(trx, id, true);
          if (current) {
            const before = await writable(trx, actor, id, 'UPDATE');
            await check(trx, actor, values, before, { action: 'UPDATE', restoring: true });
            await roles.update(trx, id, values, actor.id, nowIso());
            await roles.insertHistory(trx, {
              role_id: id,
              ...historyValues(actor, 'restore', snapshotOfRole(before), values, entryId),
            });
            return;
          }
          // Bringing a deleted role back: the actor must have been able to manage the role as
          // it was when deleted (an older version in their department is no way in), and the
          // version brought back lies in their departments too; outside them it stays
          // invisible. The checks below then ask for Roles.ADD there, as creating it would.
          const latest = await roles.latestHistory(trx, id);
          const last = latest && toHistoryEntry(latest).changes;
          const lastDept = (last?.old ?? last?.new)?.department_id ?? null;
          if (lastDept === null && !actor.isAdmin) throw identityErrors.roleNotFound();
          if (
            lastDept !== null &&
            !inScope(departmentScope(actor.subject, 'Roles', 'UPDATE'), lastDept)
          )
            throw identityErrors.roleNotFound();
          const dept = values.department_id;
          if (dept !== null && !inScope(departmentScope(actor.subject, 'Roles', 'UPDATE'), dept))
            throw identityErrors.roleNotFound();
          await check(trx, actor, values, null, { action: 'ADD', restoring: true });
          await roles.insert(trx, values, actor.id, nowIso(), id);
          await roles.insertHistory(trx, {
            role_id: id,
            ...historyValues(actor, 'restore', null, values, entryId),
          });
        })
        .catch((error: unknown) => {
          if (values && isUniqueViolation(error)) throw nameTaken(values);
          throw error;
        });
      return fetchOne(id);
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
