/**
 * Self sign-up puts each Trial user in a department of their own ("Trial <first> <last>"), not in
 * General: a Trial role's rights then reach only what the user owns — their uploads, their chat,
 * their widgets — and nothing of anyone else's (security finding: Query in General read every
 * General document). The default administrator sees sandbox departments like any other.
 */
import type { Kysely, Transaction } from 'kysely';
import { SANDBOX_DESCRIPTION } from '../../../contract/seeded-texts';
import type { DB } from '../../db/schema';

/**
 * Department names take letters, spaces and hyphens only (SPEC §5 name-like), so the sandbox is
 * named after the person ("Trial Ann Lee"); a name already taken gets a letter: "Trial Ann Lee B".
 */
const sandboxBaseName = (firstName: string, lastName: string) =>
  `Trial ${firstName} ${lastName}`.replace(/\s+/g, ' ').slice(0, 58).trim();

/** 0 -> '', 1 -> ' B', 2 -> ' C' ... 25 -> ' Z', 26 -> ' BA' ... */
function sandboxSuffix(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 25))
    letters = String.fromCharCode(65 + 1 + ((rest - 1) % 25)) + letters;
  return letters ? ` ${letters}` : '';
}

/** Creates the sandbox department under the first free name. */
export async function createSandboxDepartment(
  trx: Kysely<DB> | Transaction<DB>,
  person: { first_name: string; last_name: string },
  now: string,
): Promise<number> {
  const base = sandboxBaseName(person.first_name, person.last_name);
  const taken = new Set(
    (
      await trx.selectFrom('departments').select('name').where('name', 'like', `${base}%`).execute()
    ).map((d) => d.name.toLowerCase()),
  );
  let n = 0;
  while (taken.has(`${base}${sandboxSuffix(n)}`.toLowerCase())) n += 1;
  const name = `${base}${sandboxSuffix(n)}`;
  const { id } = await trx
    .insertInto('departments')
    .values({
      name,
      description: SANDBOX_DESCRIPTION,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
