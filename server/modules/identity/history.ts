/**
 * What user and role history rows have in common: who and when, the JSON snapshots, and which
 * snapshot a restore brings back.
 */
import type { z } from 'zod';
import type { Actor as ActorRef, HistoryAction } from '../../../contract/identity';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/database';
import type { UserHistoryTable } from '../../db/schema';
import type { Actor } from './actor-scope';

/** The columns a user history row and a role history row share. */
type HistoryRowBase = Omit<Selectable<UserHistoryTable>, 'user_id'>;

/** The columns every new history row gets, from the actor and the two snapshots. */
export function historyValues<T>(
  actor: Actor,
  action: HistoryAction,
  before: T | null,
  after: T | null,
  restoredFrom: number | null = null,
) {
  return {
    action,
    changed_by: actor.id,
    changed_by_name: actor.name,
    changed_at: nowIso(),
    old_values: before === null ? null : JSON.stringify(before),
    new_values: after === null ? null : JSON.stringify(after),
    restored_from: restoredFrom,
  };
}

export function changedBy(row: Pick<HistoryRowBase, 'changed_by' | 'changed_by_name'>): ActorRef {
  if (row.changed_by === null) return null;
  return { id: row.changed_by, name: row.changed_by_name ?? '' };
}

export function parseSnapshot<S extends z.ZodType>(
  schema: S,
  text: string | null,
): z.infer<S> | null {
  if (text === null) return null;
  return schema.parse(JSON.parse(text));
}

/**
 * The version an entry stands for: what the record looked like right after it (create, update,
 * restore), or for a delete entry what was deleted, so restoring a delete brings the record back.
 */
export function versionOf<T>(entry: {
  action: HistoryAction;
  old: T | null;
  new: T | null;
}): T | null {
  return entry.action === 'delete' ? entry.old : entry.new;
}

/** Sorted, deduplicated ids as stored in permission_set columns and snapshots. */
export function normaliseIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** A stored permission_set (JSON text); anything unreadable counts as no rights. */
export function parseIdList(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? normaliseIds(value.filter((v): v is number => Number.isInteger(v)))
      : [];
  } catch {
    return [];
  }
}
