/**
 * Fast fixtures for identity tests: departments, roles and signed-in people written straight to
 * the database (no scrypt, no mail), each with a real session and a real signed access token.
 * The behaviour under test always goes through the API; only the setup takes the shortcut.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { idsOf, type ActionName, type ModuleName } from '../../contract/permissions';
import { nowIso } from '../db/database';
import { createAccessTokens } from '../services/security/access-tokens';
import type { TestApp } from './test-app';

export const GENERAL = 1;

let seq = 0;
/** A unique suffix made of letters only (department names allow letters, spaces, hyphens). */
export function letters(): string {
  seq += 1;
  // seq keeps names unique within a run; the random low part keeps runs apart.
  let n = seq * 65536 + Number.parseInt(randomBytes(2).toString('hex'), 16);
  let out = '';
  while (n > 0) {
    out += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return out;
}

export async function addDepartment(t: TestApp, name = `Dept ${letters()}`): Promise<number> {
  const now = nowIso();
  const row = await t.database.db
    .insertInto('departments')
    .values({ name, description: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addRole(
  t: TestApp,
  departmentId: number | null,
  permissionSet: number[],
  name = `Role ${letters()}`,
): Promise<number> {
  const now = nowIso();
  const row = await t.database.db
    .insertInto('roles')
    .values({
      name,
      description: '',
      department_id: departmentId,
      permission_set: JSON.stringify([...permissionSet].sort((a, b) => a - b)),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Person {
  id: number;
  email: string;
  username: string;
  token: string;
}

interface PersonOptions {
  assignments?: { department_id: number; role_id: number }[];
  is_defaultadmin?: boolean;
  status?: 'active' | 'disabled';
}

/** A verified user with the given assignments, already signed in. */
export async function addPerson(t: TestApp, options: PersonOptions = {}): Promise<Person> {
  const { db } = t.database;
  const tag = letters();
  const now = nowIso();
  const email = `${tag}@example.com`;
  const username = `user.${tag}`.slice(0, 32);
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      email,
      first_name: 'Test',
      last_name: tag,
      password_hash: '!fixture',
      status: options.status ?? 'active',
      is_verified: 1,
      is_defaultadmin: options.is_defaultadmin ? 1 : 0,
      failed_logins: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.assignments?.length)
    await db
      .insertInto('user_roles')
      .values(options.assignments.map((a) => ({ user_id: id, ...a })))
      .execute();
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + 3600_000);
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: id,
      created_at: now,
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
      user_agent: null,
    })
    .execute();
  const token = await createAccessTokens(t.config.jwtSecret).sign({
    sessionId,
    userId: id,
    expiresAt,
  });
  return { id, email, username, token };
}

/** A signed-in person holding exactly `rights` through one role in `departmentId`. */
export async function personWith(
  t: TestApp,
  departmentId: number,
  ...rights: `${ModuleName}.${ActionName}`[]
): Promise<Person & { roleId: number }> {
  const roleId = await addRole(t, departmentId, idsOf(...rights));
  const person = await addPerson(t, {
    assignments: [{ department_id: departmentId, role_id: roleId }],
  });
  return { ...person, roleId };
}

export async function countRows(
  t: TestApp,
  table: 'users' | 'roles' | 'departments' | 'user_roles' | 'user_history' | 'role_history',
): Promise<number> {
  const { n } = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
