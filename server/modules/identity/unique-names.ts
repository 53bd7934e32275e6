/** The case-insensitive uniqueness of identity names: usernames and department names. */
import { sql } from 'kysely';
import type { Executor } from '../../db/prepared';

/** The column that names a row of each table, unique regardless of case. */
const nameColumn = { users: 'username', departments: 'name' } as const;

/** Whether a row of `table` other than `exceptId` already has this name, in any case. */
export async function nameInUse(
  ex: Executor,
  table: keyof typeof nameColumn,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = ex
    .selectFrom(table)
    .select('id')
    .where(sql<string>`lower(${sql.ref(nameColumn[table])})`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
