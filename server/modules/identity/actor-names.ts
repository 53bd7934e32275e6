/** Names of the users who created or changed records, for `created_by` / `updated_by`. */
import type { Kysely, Transaction } from 'kysely';
import type { Actor as ActorRef } from '../../../contract/identity';
import { prepareQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { displayName } from './actor-scope';

export type ActorNames = ReadonlyMap<number, string>;

const namesQuery = (ex: Kysely<DB> | Transaction<DB>, ids: readonly number[]) =>
  ex
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', 'in', ids);

const wantedIds = (ids: readonly (number | null)[]) => [
  ...new Set(ids.filter((id): id is number => id !== null)),
];

export async function actorNames(
  ex: Kysely<DB> | Transaction<DB>,
  ids: readonly (number | null)[],
): Promise<ActorNames> {
  const wanted = wantedIds(ids);
  if (wanted.length === 0) return new Map();
  const rows = await namesQuery(ex, wanted).execute();
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}

/** actorNames for one database as a prepared query (db/prepared.ts), for every list page. */
export function preparedActorNames(db: Kysely<DB>) {
  const query = prepareQuery((ids: readonly number[]) => namesQuery(db, ids));
  return async (ids: readonly (number | null)[]): Promise<ActorNames> => {
    const wanted = wantedIds(ids);
    if (wanted.length === 0) return new Map();
    return new Map((await query.all(db, wanted)).map((r) => [r.id, displayName(r)]));
  };
}

/** An actor reference; a user deleted since keeps their id with an empty name. */
export function actorRef(names: ActorNames, id: number | null): ActorRef {
  return id === null ? null : { id, name: names.get(id) ?? '' };
}
