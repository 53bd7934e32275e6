/**
 * The one place a department scope (contract/access: 'all' or the ids where a right is held)
 * becomes SQL. Each helper answers a condition to put in a `where`: 'all' is no condition
 * (`1 = 1`), an empty scope matches nothing (`1 = 0`). Three shapes of ownership exist:
 * - a row in one department (`department_id`): `inScope`;
 * - a row spanning departments through a junction table (widgets, helpdesks, API keys):
 *   `junctionWithin`, at least one department and none outside the scope; `junctionNoneOutside`,
 *   none outside it (an owner of none is in every scope); `junctionMeets`, at least one in it;
 *   `junctionCovers`, every department of a given set (a helpdesk serving a whole conversation);
 * - a chat turn answered from the department it chose, or from the sources it searched
 *   (`department_ids`, a JSON array): `touchedWithin`, every department it touched in scope;
 *   and a whole conversation of turns: `conversationWithin`, none of its turns outside it.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DepartmentScope } from '../../contract/access';
import type { DialectName } from './database';

/** A scope as held (`DepartmentScope`), or as a caller keeps it, read-only. */
type Scope = DepartmentScope | readonly number[];

const ALL = sql<SqlBool>`1 = 1`;
const NONE = sql<SqlBool>`1 = 0`;

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql.lit(Math.trunc(id))));

/**
 * `column` (a qualified reference: 's.department_id') holds a department of the scope. The ids
 * go as parameters, as a query builder's `in` list would: a prepared query (db/prepared.ts)
 * builds this once with placeholders in place of the ids.
 */
export function inScope(column: string, scope: Scope): RawBuilder<SqlBool> {
  if (scope === 'all') return ALL;
  if (scope.length === 0) return NONE;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(scope)})`;
}

interface Junction {
  /** The junction table: 'helpdesk_departments'. */
  table: string;
  /** Its column naming the owner: 'helpdesk_id'. */
  owner: string;
  /** The owner's key in the outer query: 'h.id'. */
  ownerRef: string;
  /** Its column naming the department; 'department_id' unless said. */
  department?: string;
}

/**
 * None of the owner's departments in the junction lies outside the scope. An owner left with no
 * department (its last one deleted) is in every scope but the empty one.
 */
export function junctionNoneOutside(junction: Junction, scope: Scope): RawBuilder<SqlBool> {
  if (scope === 'all') return ALL;
  if (scope.length === 0) return NONE;
  const department = sql.ref(`j.${junction.department ?? 'department_id'}`);
  return sql<SqlBool>`not exists (select 1 from ${sql.table(junction.table)} as j
    where ${sql.ref(`j.${junction.owner}`)} = ${sql.ref(junction.ownerRef)}
      and ${department} not in (${idList(scope)}))`;
}

/** The owner has at least one department in the junction, and none outside the scope. */
export function junctionWithin(junction: Junction, scope: Scope): RawBuilder<SqlBool> {
  if (scope === 'all') return ALL;
  if (scope.length === 0) return NONE;
  const owner = sql.ref(`j.${junction.owner}`);
  return sql<SqlBool>`(exists (select 1 from ${sql.table(junction.table)} as j
      where ${owner} = ${sql.ref(junction.ownerRef)})
    and ${junctionNoneOutside(junction, scope)})`;
}

/** The owner has at least one department of the scope in the junction. */
export function junctionMeets(junction: Junction, scope: Scope): RawBuilder<SqlBool> {
  if (scope === 'all') return ALL;
  if (scope.length === 0) return NONE;
  const department = sql.ref(`j.${junction.department ?? 'department_id'}`);
  return sql<SqlBool>`exists (select 1 from ${sql.table(junction.table)} as j
    where ${sql.ref(`j.${junction.owner}`)} = ${sql.ref(junction.ownerRef)}
      and ${department} in (${idList(scope)}))`;
}

/**
 * The owner has every one of `departments` in the junction (others too, maybe). An empty set
 * matches nothing: an owner is never chosen for what touched no department.
 */
export function junctionCovers(
  junction: Junction,
  departments: readonly number[],
): RawBuilder<SqlBool> {
  const wanted = [...new Set(departments.map((d) => Math.trunc(d)))];
  if (wanted.length === 0) return NONE;
  const department = sql.ref(`j.${junction.department ?? 'department_id'}`);
  // The junction holds a department once per owner (its key), so a count tells all are there.
  return sql<SqlBool>`(select count(*) from ${sql.table(junction.table)} as j
    where ${sql.ref(`j.${junction.owner}`)} = ${sql.ref(junction.ownerRef)}
      and ${department} in (${idList(wanted)})) = ${sql.lit(wanted.length)}`;
}

/** Every element of a JSON array of department ids lies in the scope (true for `[]`). */
function jsonIdsWithin(dialect: DialectName, column: string, scope: Scope): RawBuilder<SqlBool> {
  if (scope === 'all') return ALL;
  const ref = sql.ref(column);
  const outside = scope.length ? sql`not in (${idList(scope)})` : sql`is not null`;
  return dialect === 'postgres'
    ? sql<SqlBool>`not exists (select 1 from json_array_elements_text(cast(${ref} as json)) as e(v)
        where cast(e.v as integer) ${outside})`
    : sql<SqlBool>`not exists (select 1 from json_each(${ref}) as e where e.value ${outside})`;
}

/**
 * A chat turn (or a rollup row of turns, where no department is 0 instead of null) touched only
 * departments of the scope: the one it chose, or else every source it searched, and at least
 * one. A conversation across departments is a reader's only when they may read all of them.
 */
export function touchedWithin(
  dialect: DialectName,
  alias: string,
  scope: Scope,
  noDepartment: 'null' | 'zero' = 'null',
): RawBuilder<SqlBool> {
  if (scope === 'all') return ALL;
  if (scope.length === 0) return NONE;
  const chosen = sql.ref(`${alias}.department_id`);
  const none = noDepartment === 'null' ? sql`${chosen} is null` : sql`${chosen} = 0`;
  const searched = `${alias}.department_ids`;
  return sql<SqlBool>`((not (${none}) and ${chosen} in (${idList(scope)}))
    or (${none} and ${sql.ref(searched)} <> '[]' and ${jsonIdsWithin(dialect, searched, scope)}))`;
}

/**
 * No turn of the conversation (`conversation`: a reference to its id, e.g. 't.conversation_id')
 * that reports count touched a department outside the scope: what a reader may see the words
 * of. Read from the turn log (`turns`: a cancelled turn is never reported, so it does not
 * count) or from its rollup rows (`rollup`: report_conversations, which hold the same turns).
 * A turn of no conversation (null) has only itself to answer for.
 */
export function conversationWithin(
  dialect: DialectName,
  conversation: string,
  scope: Scope,
  from: 'turns' | 'rollup' = 'turns',
): RawBuilder<SqlBool> {
  if (scope === 'all') return ALL;
  if (scope.length === 0) return NONE;
  const ref = sql.ref(conversation);
  // The turns' words are listed newest first, a page or a sample at a time: PostgreSQL would
  // turn the subquery into an anti-join over the whole log (its estimate is poor) rather than
  // ask per turn while walking the newest ones; `offset 0` keeps it asking per turn.
  const perTurn = dialect === 'postgres' ? sql` offset 0` : sql``;
  return from === 'turns'
    ? sql<SqlBool>`not exists (select 1 from chat_turns as o
        where o.conversation_id = ${ref} and o.cancelled = 0
          and not ${touchedWithin(dialect, 'o', scope)}${perTurn})`
    : sql<SqlBool>`not exists (select 1 from report_conversations as o
        where o.conversation = ${ref} and o.turns > 0
          and not ${touchedWithin(dialect, 'o', scope, 'zero')})`;
}
