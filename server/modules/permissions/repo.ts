/** The permission catalogue (SPEC §3) as the seed stored it. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function createPermissionCatalogue(db: Kysely<DB>) {
  return {
    list: () =>
      db.selectFrom('permissions').select(['id', 'module_name', 'action']).orderBy('id').execute(),
  };
}

export type PermissionCatalogue = ReturnType<typeof createPermissionCatalogue>;
