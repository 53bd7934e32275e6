/**
 * The catalogue keeps only the rights a module really has (contract/permissions.ts
 * MODULE_ACTIONS): the 32 pairs nothing ever asked for ("Users · Query documents") leave the
 * `permissions` table and every role's and API key's `permission_set`. They granted nothing, so
 * nobody loses access. History rows keep what was recorded then. The ids are written out here
 * because a migration must not change when the catalogue does later.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

const MEANINGLESS = new Set([
  6, 7, 8, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 30, 31, 32, 38, 40, 46, 47, 48, 51, 54, 55, 61,
  62, 63, 64, 65, 69, 70, 71,
]);

async function stripSets(db: AnyDb, table: 'roles' | 'api_keys') {
  const rows: { id: number; permission_set: string }[] = await db
    .selectFrom(table)
    .select(['id', 'permission_set'])
    .execute();
  for (const row of rows) {
    const ids = JSON.parse(row.permission_set) as number[];
    const kept = ids.filter((id) => !MEANINGLESS.has(id));
    if (kept.length === ids.length) continue;
    await db
      .updateTable(table)
      .set({ permission_set: JSON.stringify(kept) })
      .where('id', '=', row.id)
      .execute();
  }
}

export function realRights(): Migration {
  return {
    async up(db: AnyDb) {
      await stripSets(db, 'roles');
      await stripSets(db, 'api_keys');
      await db
        .deleteFrom('permissions')
        .where('id', 'in', [...MEANINGLESS])
        .execute();
    },
  };
}
