/** SQL of API keys: the keys, their departments, the check of each request and usage batches. */
import { sql, type Kysely, type Insertable } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import type { ApiKeyStatus } from '../../../contract/api-keys';
import type { ApiKeyRow, ApiKeysTable, DB, UserRow } from '../../db/schema';
import { prepareQuery } from '../../db/prepared';
import { junctionNoneOutside } from '../../db/scope';

interface ApiKeyFilter {
  /** Departments where the reader holds the right; a key is in scope when all of its are. */
  departments: DepartmentScope;
  search?: string;
  status?: ApiKeyStatus;
  now: string;
}

export interface ApiKeyRecord extends ApiKeyRow {
  departments: { id: number; name: string }[];
  creator: string | null;
  revoker: string | null;
}

/** The departments a key acts in. */
const DEPARTMENTS = { table: 'api_key_departments', owner: 'api_key_id', ownerRef: 'k.id' };

export function createApiKeysRepo(db: Kysely<DB>) {
  // The check of every request made with a key: the key and its creator in one statement.
  const keyWithCreator = prepareQuery((lookup: string) =>
    db
      .selectFrom('api_keys as k')
      .innerJoin('users as u', 'u.id', 'k.created_by')
      .selectAll('u')
      .select([
        'k.id as key_id',
        'k.secret_hash as key_secret_hash',
        'k.expires_at as key_expires_at',
        'k.revoked_at as key_revoked_at',
        'k.permission_set as key_permission_set',
      ])
      .where('k.lookup', '=', lookup),
  );
  const departmentsOfKey = prepareQuery((keyId: number) =>
    db
      .selectFrom('api_key_departments as a')
      .innerJoin('departments as d', 'd.id', 'a.department_id')
      .select(['d.id', 'd.name'])
      .where('a.api_key_id', '=', keyId),
  );

  function filtered(filter: ApiKeyFilter) {
    // None of its departments outside the reader's; unlike a widget, a key left with none (its
    // departments deleted) is still listed.
    let q = db
      .selectFrom('api_keys as k')
      .where(junctionNoneOutside(DEPARTMENTS, filter.departments));
    if (filter.search) q = q.where(sql`lower(k.name)`, 'like', `%${filter.search.toLowerCase()}%`);
    if (filter.status === 'revoked') q = q.where('k.revoked_at', 'is not', null);
    if (filter.status === 'active')
      q = q.where('k.revoked_at', 'is', null).where('k.expires_at', '>', filter.now);
    if (filter.status === 'expired')
      q = q.where('k.revoked_at', 'is', null).where('k.expires_at', '<=', filter.now);
    return q;
  }

  async function withDetails(rows: ApiKeyRow[]): Promise<ApiKeyRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const userIds = [
      ...new Set(rows.flatMap((r) => [r.created_by, r.revoked_by]).filter((v) => v !== null)),
    ];
    const [departments, users] = await Promise.all([
      db
        .selectFrom('api_key_departments as a')
        .innerJoin('departments as d', 'd.id', 'a.department_id')
        .select(['a.api_key_id', 'd.id', 'd.name'])
        .where('a.api_key_id', 'in', ids)
        .orderBy('d.id')
        .execute(),
      db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'username'])
        .where('id', 'in', userIds)
        .execute(),
    ]);
    const nameOf = new Map(
      users.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim() || u.username]),
    );
    return rows.map((row) => ({
      ...row,
      departments: departments
        .filter((d) => d.api_key_id === row.id)
        .map((d) => ({ id: d.id, name: d.name })),
      creator: nameOf.get(row.created_by) ?? null,
      // The revoker's name now, or the one kept when they revoked it if they were deleted since.
      revoker:
        (row.revoked_by === null ? undefined : nameOf.get(row.revoked_by)) ?? row.revoked_by_name,
    }));
  }

  return {
    db,

    /** The key named by `lookup` with its creator's row, or undefined. */
    async findForAuth(lookup: string) {
      const row = await keyWithCreator.first(db, lookup);
      if (!row) return undefined;
      const {
        key_id,
        key_secret_hash,
        key_expires_at,
        key_revoked_at,
        key_permission_set,
        ...user
      } = row;
      return {
        key: {
          id: key_id,
          secretHash: key_secret_hash,
          expiresAt: key_expires_at,
          revokedAt: key_revoked_at,
          permissionSet: key_permission_set,
        },
        user: user as UserRow,
      };
    },

    /** The departments a key acts in. */
    departmentsOf: (keyId: number) => departmentsOfKey.all(db, keyId),

    async existingDepartments(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('departments').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    async insert(values: Insertable<ApiKeysTable>, departments: readonly number[]) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('api_keys')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('api_key_departments')
          .values(departments.map((department_id) => ({ api_key_id: id, department_id })))
          .execute();
        return id;
      });
    },

    async page(filter: ApiKeyFilter, page: number, size: number) {
      const [rows, total] = await Promise.all([
        filtered(filter)
          .selectAll('k')
          .orderBy('k.created_at', 'desc')
          .orderBy('k.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: await withDetails(rows), total: Number(total.n) };
    },

    async get(id: number, filter: ApiKeyFilter): Promise<ApiKeyRecord | undefined> {
      const row = await filtered(filter).selectAll('k').where('k.id', '=', id).executeTakeFirst();
      return row ? (await withDetails([row]))[0] : undefined;
    },

    async revoke(id: number, by: { id: number; name: string }, at: string): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: at, revoked_by: by.id, revoked_by_name: by.name })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Adds a batch of requests to each key's count and moves its last use forward. */
    async addUsage(usage: readonly { id: number; count: number; lastUsedAt: string }[]) {
      for (const u of usage)
        await db
          .updateTable('api_keys')
          .set(() => ({
            request_count: sql<number>`request_count + ${u.count}`,
            last_used_at: sql<string>`case when last_used_at is null or last_used_at < ${u.lastUsedAt} then ${u.lastUsedAt} else last_used_at end`,
          }))
          .where('id', '=', u.id)
          .execute();
    },
  };
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
