/** Names of the users who created or changed records, for `created_by` / `updated_by`. */
import type { Kysely, Transaction } from 'kysely';
import type { Actor as ActorRef } from '../../../contract/identity';
import type { DB } from '../../db/schema';
import { displayName } from './actor-scope';

export type ActorNames = ReadonlyMap<number, string>;

export async function actorNames(
  ex: Kysely<DB> | Transaction<DB>,
  ids: readonly (number | null)[],
): Promise<ActorNames> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await ex
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}

/** An actor reference; a user deleted since keeps their id with an empty name. */
export function actorRef(names: ActorNames, id: number | null): ActorRef {
  return id === null ? null : { id, name: names.get(id) ?? '' };
}
