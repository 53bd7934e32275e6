/**
 * Trial users made by self sign-up before issue 9 held the Trial role in General, whose Query
 * right read every General document. Each such assignment moves to a department of the user's
 * own ("Trial: <username>", numbered when the name is taken), as sign-up now does.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

const TRIAL_ROLE = 4;
const GENERAL = 1;

export function trialSandboxes(): Migration {
  return {
    async up(db: AnyDb) {
      const trials: { user_id: number; username: string }[] = await db
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .select(['user_roles.user_id', 'users.username'])
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
      for (const { user_id, username } of trials) {
        const base = `Trial: ${username}`;
        let name = base;
        for (let n = 2; names.has(name.toLowerCase()); n++) name = `${base} (${n})`;
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
