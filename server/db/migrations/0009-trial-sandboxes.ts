/**
 * Trial users made by self sign-up before sign-up gave each of them a department of their own
 * held the Trial role in General, whose Query right read every General document. Each such assignment moves to a department of the user's
 * own ("Trial <first name> <last name>", with a letter when the name is taken), as sign-up now
 * does. Department names take letters, spaces and hyphens only.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

const TRIAL_ROLE = 4;
const GENERAL = 1;

export function trialSandboxes(): Migration {
  return {
    async up(db: AnyDb) {
      const trials: { user_id: number; first_name: string; last_name: string }[] = await db
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .select(['user_roles.user_id', 'users.first_name', 'users.last_name'])
        .where('user_roles.role_id', '=', TRIAL_ROLE)
        .where('user_roles.department_id', '=', GENERAL)
        .execute();
      if (trials.length === 0) return;
      const names = new Set(
        ((await db.selectFrom('departments').select('name').execute()) as { name: string }[]).map(
          (d) => d.name.toLowerCase(),
        ),
      );
      const now = new Date().toISOString();
      const suffix = (n: number) => {
        let letters = '';
        for (let rest = n; rest > 0; rest = Math.floor(rest / 25))
          letters = String.fromCharCode(66 + ((rest - 1) % 25)) + letters;
        return letters ? ` ${letters}` : '';
      };
      for (const { user_id, first_name, last_name } of trials) {
        const base = `Trial ${first_name} ${last_name}`.replace(/\s+/g, ' ').slice(0, 58).trim();
        let n = 0;
        while (names.has(`${base}${suffix(n)}`.toLowerCase())) n += 1;
        const name = `${base}${suffix(n)}`;
        names.add(name.toLowerCase());
        const { id } = await db
          .insertInto('departments')
          .values({
            name,
            description: 'Sandbox of a self-registered Trial user.',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .updateTable('user_roles')
          .set({ department_id: id })
          .where('user_id', '=', user_id)
          .where('role_id', '=', TRIAL_ROLE)
          .where('department_id', '=', GENERAL)
          .execute();
      }
    },
    async down() {
      // Moving users back into General would reopen the leak; nothing to undo.
    },
  };
}
