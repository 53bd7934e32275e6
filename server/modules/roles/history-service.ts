/**
 * Role history and restore: the history of a role (of a deleted one too, scoped by the
 * department of its last version) and restore, which brings back the version an entry stands
 * for (identity/history.ts versionOf) through the same checks as PUT. Restoring a deleted role
 * recreates it under its old id, so its history continues; that also needs Roles.ADD there.
 */
import { departmentScope, inScope } from '../../../contract/access';
import type { Role, RoleHistoryEntry } from '../../../contract/identity';
import type { Paged } from '../../../contract/paging';
import { isUniqueViolation, nowIso, type Database } from '../../db/database';
import type { Actor } from '../identity/actor-scope';
import { historyValues, versionOf } from '../identity/history';
import { identityErrors } from '../identity/identity-errors';
import type { RolesRepo, RoleValues } from './repo';
import { snapshotOfRole, toHistoryEntry } from './view';
import type { RoleWriter } from './writer';

export function createRoleHistoryService(database: Database, roles: RolesRepo, w: RoleWriter) {
  const { db } = database;
  const { readable, fetchOne, writable, check, nameTaken, valuesOf } = w;

  return {
    async history(
      actor: Actor,
      id: number,
      { page, size }: { page: number; size: number },
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

export type RoleHistoryService = ReturnType<typeof createRoleHistoryService>;
