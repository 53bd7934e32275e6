/**
 * Self sign-up puts each Trial user in a department of their own ("Trial: <username>"), not in
 * General: a Trial role's rights then reach only what the user owns — their uploads, their chat,
 * their widgets — and nothing of anyone else's (security finding: Query in General read every
 * General document). The default administrator sees sandbox departments like any other.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export const sandboxName = (username: string) => `Trial: ${username}`;

/** Creates the sandbox department (a free name: "Trial: ann", else "Trial: ann (2)", ...). */
export async function createSandboxDepartment(
  trx: Kysely<DB> | Transaction<DB>,
  username: string,
  now: string,
): Promise<number> {
  const base = sandboxName(username);
  const taken = new Set(
    (
      await trx.selectFrom('departments').select('name').where('name', 'like', `${base}%`).execute()
    ).map((d) => d.name.toLowerCase()),
  );
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`;
  const { id } = await trx
    .insertInto('departments')
    .values({
      name,
      description: 'Sandbox of a self-registered Trial user.',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
