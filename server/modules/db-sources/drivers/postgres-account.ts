/**
 * The rights of a PostgreSQL source's role. Refused: a superuser, a role that creates roles or
 * databases, replicates or bypasses row security, and members of the built-in roles that read
 * or write the server's files, run programs on it, write every table, signal other sessions or
 * force checkpoints. PostgreSQL cannot say from its catalogue alone whether what a role may
 * write matters, so a role that may insert, update, delete or truncate a table, or create
 * objects, is a warning: the read-only session stops those writes, but least privilege is a
 * SELECT-only role.
 */
import type pg from 'pg';
import type { AccountReview } from './types';

const REFUSED_ROLES = [
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'pg_write_all_data',
  'pg_signal_backend',
  'pg_checkpoint',
  'pg_create_subscription',
];

const ATTRIBUTES = {
  rolsuper: 'SUPERUSER',
  rolcreaterole: 'CREATEROLE',
  rolcreatedb: 'CREATEDB',
  rolreplication: 'REPLICATION',
  rolbypassrls: 'BYPASSRLS',
} as const;

type Attributes = Record<keyof typeof ATTRIBUTES, boolean>;

/** Rights to revoke: role attributes and memberships, upper case, sorted. */
export async function refusedRights(client: pg.ClientBase): Promise<string[]> {
  const res = await client.query<Attributes & { roles: string[] }>(
    `select r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolreplication, r.rolbypassrls,
            array(select b.rolname::text from pg_roles b
                   where b.rolname = any($1) and pg_has_role(r.oid, b.oid, 'MEMBER')
                   order by b.rolname) as roles
       from pg_roles r where r.rolname = current_user`,
    [REFUSED_ROLES],
  );
  const row = res.rows[0];
  if (!row) return ['(unknown role)'];
  const attributes = (Object.keys(ATTRIBUTES) as (keyof typeof ATTRIBUTES)[])
    .filter((key) => row[key])
    .map((key) => ATTRIBUTES[key]);
  return [...attributes, ...row.roles.map((r) => r.toUpperCase())].sort();
}

/** Warnings: `table_writes` (a table the role may change), `object_creation` (CREATE). */
async function doubts(client: pg.ClientBase): Promise<string[]> {
  const res = await client.query<{ writes: boolean; creates: boolean }>(
    `select exists (
              select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where c.relkind in ('r', 'p', 'v', 'm', 'f')
                 and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
                 and has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')) as writes,
            has_database_privilege(current_database(), 'CREATE')
              or exists (select 1 from pg_namespace n
                          where n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
                            and has_schema_privilege(n.oid, 'CREATE')) as creates`,
  );
  const row = res.rows[0];
  return [...(row?.writes ? ['table_writes'] : []), ...(row?.creates ? ['object_creation'] : [])];
}

export async function reviewRole(client: pg.ClientBase): Promise<AccountReview> {
  return { refused: await refusedRights(client), warnings: await doubts(client) };
}
