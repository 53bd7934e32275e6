/**
 * First-start data, idempotent: the department General, the permission catalogue, the four
 * roles with fixed ids (SPEC §6) and the default administrator. Role descriptions are seeded in
 * English and translated on display while unchanged (contract/seeded-texts.ts says why).
 */
import { sql } from 'kysely';
import { PERMISSION_CATALOGUE, allIdsOfModule, idsOf } from '../../contract/permissions';
import { SEEDED_ROLE_DESCRIPTIONS } from '../../contract/seeded-texts';
import type { AppConfig } from '../config';
import { generatePassword, hashPassword } from '../services/security/passwords';
import { nowIso, type Database } from './database';

export const GENERAL_DEPARTMENT_ID = 1;
export const ROLE_IDS = { administrator: 1, staff: 2, helpdesk: 3, trial: 4 } as const;

const SEED_ROLES = [
  {
    id: ROLE_IDS.administrator,
    name: 'Administrator',
    description: SEEDED_ROLE_DESCRIPTIONS[ROLE_IDS.administrator].text,
    permission_set: PERMISSION_CATALOGUE.map((p) => p.id),
  },
  {
    id: ROLE_IDS.staff,
    name: 'Staff',
    description: SEEDED_ROLE_DESCRIPTIONS[ROLE_IDS.staff].text,
    permission_set: idsOf('Query.QUERY_DOCUMENT', 'Documents.LIST_VIEW', 'Documents.VIEW'),
  },
  {
    id: ROLE_IDS.helpdesk,
    name: 'Helpdesk',
    description: SEEDED_ROLE_DESCRIPTIONS[ROLE_IDS.helpdesk].text,
    permission_set: allIdsOfModule('Helpdesk'),
  },
  {
    id: ROLE_IDS.trial,
    name: 'Trial',
    description: SEEDED_ROLE_DESCRIPTIONS[ROLE_IDS.trial].text,
    permission_set: idsOf(
      'Service_agent.ADD',
      'Service_agent.UPDATE',
      'Service_agent.VIEW',
      'Service_agent.LIST_VIEW',
      'Service_agent.DELETE',
      'Query.QUERY_DOCUMENT',
      // Their own knowledge: each Trial user holds the role only in their sandbox department.
      'Documents.ADD',
      'Documents.LIST_VIEW',
      'Documents.VIEW',
      'Documents.DELETE',
    ),
  },
];

interface SeedResult {
  /** Set only when the administrator was created with a generated password. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

export async function seed(
  database: Database,
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword'>,
): Promise<SeedResult> {
  const { db, dialect } = database;
  const now = nowIso();
  await db
    .insertInto('departments')
    .values({ id: GENERAL_DEPARTMENT_ID, name: 'General', created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const p of PERMISSION_CATALOGUE)
    await db
      .insertInto('permissions')
      .values({ id: p.id, module_name: p.module_name, action: p.action })
      .onConflict((oc) => oc.doNothing())
      .execute();
  for (const role of SEED_ROLES)
    await db
      .insertInto('roles')
      .values({
        ...role,
        department_id: null,
        permission_set: JSON.stringify(role.permission_set),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (dialect === 'postgres') {
    // Rows above carry explicit ids; move the sequences past them so new rows do not collide.
    for (const table of ['departments', 'roles'])
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.table(table)}))`.execute(
        db,
      );
  }
  return seedDefaultAdmin(database, config);
}

async function seedDefaultAdmin(
  { db }: Database,
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword'>,
): Promise<SeedResult> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('is_defaultadmin', '=', 1)
    .executeTakeFirst();
  if (existing) return { adminCreated: false };
  const password = config.adminPassword ?? generatePassword();
  const now = nowIso();
  const username = config.adminEmail.split('@')[0].replace(/[^A-Za-z0-9._-]/g, '') || 'admin';
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        username: username.length >= 3 ? username.slice(0, 32) : 'admin',
        email: config.adminEmail,
        first_name: 'Default',
        last_name: 'Administrator',
        password_hash: await hashPassword(password),
        status: 'active',
        is_verified: 1,
        is_defaultadmin: 1,
        failed_logins: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_roles')
      .values({
        user_id: user.id,
        role_id: ROLE_IDS.administrator,
        department_id: GENERAL_DEPARTMENT_ID,
      })
      .execute();
  });
  return {
    adminCreated: true,
    generatedAdminPassword: config.adminPassword ? undefined : password,
  };
}
