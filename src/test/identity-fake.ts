/**
 * An in-memory stand-in for the identity API for component tests, its handlers built
 * on contract/ (contract-handler.ts: paths from apiRoutes, bodies and answers checked by the
 * contract's schemas): paged lists with search and filters, writes with history, restore, and the refusals the
 * screens must show (NAME_TAKEN, DEPARTMENT_IN_USE, ROLE_IN_USE). Tests read and change `db`
 * and inspect `requests`.
 */
import { messageResponseSchema } from '@contract/auth';
import {
  deletedUserPageSchema,
  deletedUserSchema,
  type DeletedUser,
} from '@contract/deleted-users';
import {
  departmentInputSchema,
  departmentPageSchema,
  departmentSchema,
  managedUserPageSchema,
  managedUserSchema,
  roleHistoryPageSchema,
  roleInputSchema,
  rolePageSchema,
  roleSchema,
  userCreateSchema,
  userHistoryPageSchema,
  userUpdateSchema,
  type Assignment,
  type Department,
  type ManagedUser,
  type Role,
  type RoleHistoryEntry,
  type RoleSnapshot,
  type UserHistoryEntry,
  type UserSnapshot,
} from '@contract/identity';
import type { Paged } from '@contract/paging';
import {
  idsOf,
  PERMISSION_CATALOGUE,
  permissionId,
  type ActionName,
  type ModuleName,
} from '@contract/permissions';
import { permissionCatalogueSchema } from '@contract/permission-catalogue';
import { contractHandler } from './contract-handler';
import { errorResponse } from './handlers';

export interface IdentityDb {
  departments: Department[];
  roles: Role[];
  users: ManagedUser[];
  roleHistory: RoleHistoryEntry[];
  userHistory: UserHistoryEntry[];
}

const ADMIN = { id: 1, name: 'Grace Hopper' };
let clock = Date.parse('2025-03-01T09:00:00Z');
const now = () => new Date((clock += 60_000)).toISOString();

function page<T>(rows: T[], url: URL): Paged<T> {
  if (url.searchParams.get('type') === 'all')
    return { items: rows, total: rows.length, page: 1, size: rows.length };
  const p = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('size') ?? 100);
  return { items: rows.slice((p - 1) * size, p * size), total: rows.length, page: p, size };
}

const matches = (needle: string | null, ...texts: string[]) =>
  !needle || texts.some((t) => t.toLowerCase().includes(needle.toLowerCase()));

export function department(id: number, name: string, extra: Partial<Department> = {}): Department {
  return {
    id,
    name,
    description: '',
    user_count: 0,
    role_count: 0,
    created_at: '2025-01-01T08:00:00Z',
    updated_at: '2025-01-01T08:00:00Z',
    ...extra,
  };
}

function role(id: number, name: string, extra: Partial<Role> = {}): Role {
  return {
    id,
    role_id: id,
    name,
    description: '',
    department_id: 1,
    department_name: 'Sales',
    permission_set: [],
    user_count: 0,
    created_at: '2025-01-01T08:00:00Z',
    updated_at: '2025-01-01T08:00:00Z',
    created_by: ADMIN,
    updated_by: ADMIN,
    ...extra,
  };
}

export function managedUser(id: number, extra: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id,
    username: `user${id}`,
    email: `user${id}@example.test`,
    first_name: 'User',
    last_name: `Number${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[id % 26]}`,
    status: 'active',
    is_verified: true,
    is_defaultadmin: false,
    assignments: [],
    created_at: '2025-01-01T08:00:00Z',
    updated_at: '2025-01-01T08:00:00Z',
    created_by: ADMIN,
    updated_by: ADMIN,
    ...extra,
  };
}

export function seedDb(): IdentityDb {
  return {
    departments: [
      department(1, 'Sales', { user_count: 1, role_count: 1 }),
      department(2, 'Support'),
    ],
    roles: [
      role(10, 'Agent', {
        permission_set: idsOf('Users.LIST_VIEW', 'Users.VIEW'),
        user_count: 1,
      }),
      role(11, 'Auditor', {
        department_id: null,
        department_name: null,
        permission_set: idsOf('Reports.VIEW'),
      }),
    ],
    users: [
      managedUser(2, {
        username: 'linus',
        email: 'linus@example.test',
        first_name: 'Linus',
        last_name: 'Pauling',
        assignments: [
          { department_id: 1, department_name: 'Sales', role_id: 10, role_name: 'Agent' },
        ],
      }),
    ],
    roleHistory: [],
    userHistory: [],
  };
}

const roleSnapshot = (r: Role): RoleSnapshot => ({
  name: r.name,
  description: r.description,
  department_id: r.department_id,
  permission_set: [...r.permission_set],
});

const userSnapshot = (u: ManagedUser): UserSnapshot => ({
  username: u.username,
  email: u.email,
  first_name: u.first_name,
  last_name: u.last_name,
  status: u.status,
  is_defaultadmin: u.is_defaultadmin,
  assignments: u.assignments.map((a) => ({ ...a })),
});

export function createIdentityFake(db: IdentityDb = seedDb()) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  let nextId = 100;
  let nextEntry = 1000;
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body =
      request.method === 'GET'
        ? undefined
        : await request
            .clone()
            .json()
            .catch(() => undefined);
    requests.push({ method: request.method, path: url.pathname + url.search, body });
    return url;
  };
  const deptName = (id: number | null) => db.departments.find((d) => d.id === id)?.name ?? null;

  function writeRoleHistory(
    r: Role,
    action: RoleHistoryEntry['action'],
    before: Role | null,
    from: number | null = null,
  ) {
    db.roleHistory.unshift({
      id: nextEntry++,
      role_id: r.id,
      action,
      changed_by: ADMIN,
      changed_at: now(),
      restored_from: from,
      changes: {
        old_permission_set: before ? [...before.permission_set] : null,
        permission_set: action === 'delete' ? null : [...r.permission_set],
        old: before ? roleSnapshot(before) : null,
        new: action === 'delete' ? null : roleSnapshot(r),
      },
    });
  }

  function writeUserHistory(
    u: ManagedUser,
    action: UserHistoryEntry['action'],
    before: ManagedUser | null,
    from: number | null = null,
  ) {
    db.userHistory.unshift({
      id: nextEntry++,
      user_id: u.id,
      action,
      changed_by: ADMIN,
      changed_at: now(),
      restored_from: from,
      changes: {
        old: before ? userSnapshot(before) : null,
        new: action === 'delete' ? null : userSnapshot(u),
      },
    });
  }

  const toAssignments = (list: { department_id: number; role_id: number }[]): Assignment[] =>
    list.map((a) => ({
      ...a,
      department_name: deptName(a.department_id) ?? '',
      role_name: db.roles.find((r) => r.id === a.role_id)?.name ?? '',
    }));

  const at = (params: Record<string, string>, name = 'id') => Number(params[name]);
  /** Newest deletion first, as the server lists them. */
  const deletedUsers = (): DeletedUser[] => {
    const seen = new Set<number>();
    const out: DeletedUser[] = [];
    for (const e of db.userHistory) {
      if (seen.has(e.user_id)) continue;
      seen.add(e.user_id);
      if (e.action === 'delete' && e.changes.old)
        out.push({
          id: e.user_id,
          ...e.changes.old,
          deleted_at: e.changed_at,
          deleted_by: e.changed_by,
        });
    }
    return out;
  };
  const notFound = (what: string) => errorResponse(404, 'NOT_FOUND', `No such ${what}.`);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  const handle: typeof contractHandler = (method, route, schemas, resolve) =>
    contractHandler(method, route, schemas, async (input) => {
      await record(input.request);
      return resolve(input);
    });

  const handlers = [
    handle('get', 'permissions', { answer: permissionCatalogueSchema }, () => [
      ...PERMISSION_CATALOGUE,
    ]),
    // ------------------------------------------------------------ departments
    handle('get', 'departments', { answer: departmentPageSchema }, ({ url }) =>
      page(
        db.departments.filter((d) => matches(url.searchParams.get('search'), d.name)),
        url,
      ),
    ),
    handle('get', 'department', { answer: departmentSchema }, ({ params }) => {
      const d = db.departments.find((x) => x.id === at(params));
      return d ?? notFound('department');
    }),
    handle(
      'post',
      'departments',
      { body: departmentInputSchema, answer: departmentSchema, status: 201 },
      ({ body }) => {
        if (db.departments.some((d) => d.name.toLowerCase() === body.name.toLowerCase()))
          return errorResponse(409, 'NAME_TAKEN', `A department named '${body.name}' exists.`);
        const d = department(nextId++, body.name, {
          description: body.description ?? '',
          created_at: now(),
          updated_at: now(),
        });
        db.departments.push(d);
        return d;
      },
    ),
    handle(
      'put',
      'department',
      { body: departmentInputSchema, answer: departmentSchema },
      ({ body, params }) => {
        const d = db.departments.find((x) => x.id === at(params));
        if (!d) return notFound('department');
        return Object.assign(d, body, { updated_at: now() });
      },
    ),
    handle('delete', 'departmentDelete', { answer: messageResponseSchema }, ({ params }) => {
      const d = db.departments.find((x) => x.id === at(params));
      if (!d) return notFound('department');
      if (d.user_count > 0 || d.role_count > 0)
        return errorResponse(
          409,
          'DEPARTMENT_IN_USE',
          `'${d.name}' still has ${d.user_count} users and ${d.role_count} roles.`,
        );
      db.departments = db.departments.filter((x) => x !== d);
      return { message: 'Department deleted.' };
    }),

    // ------------------------------------------------------------------ roles
    handle('get', 'roles', { answer: rolePageSchema }, ({ url }) => {
      const dept = Number(url.searchParams.get('department_id')) || null;
      const rows = db.roles.filter(
        (r) =>
          matches(url.searchParams.get('search'), r.name, r.description) &&
          (!dept || r.department_id === dept),
      );
      return page(rows, url);
    }),
    handle('get', 'rolesByAction', { answer: rolePageSchema }, ({ params, url }) => {
      const id = permissionId(params.type as ModuleName, params.action as ActionName);
      return page(
        db.roles.filter((r) => r.permission_set.includes(id)),
        url,
      );
    }),
    handle('get', 'role', { answer: roleSchema }, ({ params }) => {
      const r = db.roles.find((x) => x.id === at(params));
      return r ?? notFound('role in your departments');
    }),
    handle(
      'post',
      'roles',
      { body: roleInputSchema, answer: roleSchema, status: 201 },
      ({ body }) => {
        if (db.roles.some((r) => r.name.toLowerCase() === body.name.toLowerCase()))
          return errorResponse(409, 'NAME_TAKEN', `A role named '${body.name}' exists.`);
        const r = role(nextId++, body.name, {
          description: body.description ?? '',
          department_id: body.department_id,
          department_name: deptName(body.department_id),
          permission_set: sorted(body.permission_set),
          created_at: now(),
          updated_at: now(),
        });
        db.roles.push(r);
        writeRoleHistory(r, 'create', null);
        return r;
      },
    ),
    handle('put', 'role', { body: roleInputSchema, answer: roleSchema }, ({ body, params }) => {
      const r = db.roles.find((x) => x.id === at(params));
      if (!r) return notFound('role');
      const before = structuredClone(r);
      Object.assign(r, body, {
        department_name: deptName(body.department_id),
        permission_set: sorted(body.permission_set),
        updated_at: now(),
      });
      writeRoleHistory(r, 'update', before);
      return r;
    }),
    handle('delete', 'role', { answer: messageResponseSchema }, ({ params }) => {
      const r = db.roles.find((x) => x.id === at(params));
      if (!r) return notFound('role');
      if (r.user_count > 0)
        return errorResponse(409, 'ROLE_IN_USE', `${r.user_count} users still hold '${r.name}'.`);
      db.roles = db.roles.filter((x) => x !== r);
      writeRoleHistory(r, 'delete', r);
      return { message: 'Role deleted.' };
    }),
    handle('get', 'roleHistory', { answer: roleHistoryPageSchema }, ({ params, url }) =>
      page(
        db.roleHistory.filter((e) => e.role_id === at(params)),
        url,
      ),
    ),
    handle('post', 'roleHistoryRestore', { answer: roleSchema }, ({ params }) => {
      const r = db.roles.find((x) => x.id === at(params));
      const entry = db.roleHistory.find((e) => e.id === at(params, 'entry'));
      const version = entry && (entry.action === 'delete' ? entry.changes.old : entry.changes.new);
      if (!r || !version) return notFound('entry');
      const before = structuredClone(r);
      Object.assign(r, version, {
        department_name: deptName(version.department_id),
        updated_at: now(),
      });
      writeRoleHistory(r, 'restore', before, entry.id);
      return r;
    }),

    // ------------------------------------------------------------------ users
    handle('get', 'users', { answer: managedUserPageSchema }, ({ url }) => {
      const dept = url.searchParams.get('department_name');
      const status = url.searchParams.get('status');
      const rows = db.users.filter(
        (u) =>
          matches(url.searchParams.get('search'), u.username, u.email, u.first_name, u.last_name) &&
          (!dept || u.assignments.some((a) => a.department_name === dept)) &&
          (!status || u.status === status),
      );
      return page(rows, url);
    }),
    // Deleted users: those whose newest history entry is their deletion.
    handle('get', 'deletedUsers', { answer: deletedUserPageSchema }, ({ url }) => {
      const dept = url.searchParams.get('department_name');
      const rows = deletedUsers().filter(
        (u) =>
          matches(url.searchParams.get('search'), u.username, u.email, u.first_name, u.last_name) &&
          (!dept || u.assignments.some((a) => a.department_name === dept)),
      );
      return page(rows, url);
    }),
    handle('get', 'deletedUser', { answer: deletedUserSchema }, ({ params }) => {
      const u = deletedUsers().find((x) => x.id === at(params));
      return u ?? notFound('user in your departments');
    }),
    handle('post', 'deletedUserRestore', { answer: managedUserSchema }, ({ params }) => {
      const entry = db.userHistory.find((e) => e.user_id === at(params));
      const version = entry?.action === 'delete' ? entry.changes.old : null;
      if (!entry || !version) return notFound('user in your departments');
      const u = managedUser(entry.user_id, { ...version, updated_at: now() });
      db.users.push(u);
      writeUserHistory(u, 'restore', null, entry.id);
      return u;
    }),
    handle('get', 'userById', { answer: managedUserSchema }, ({ params }) => {
      const u = db.users.find((x) => x.id === at(params));
      return u ?? notFound('user in your departments');
    }),
    handle(
      'post',
      'users',
      { body: userCreateSchema, answer: managedUserSchema, status: 201 },
      ({ body }) => {
        if (db.users.some((u) => u.email === body.email))
          return errorResponse(409, 'EMAIL_TAKEN', 'taken');
        const u = managedUser(nextId++, {
          ...body,
          status: body.status ?? 'active',
          is_defaultadmin: body.is_defaultadmin ?? false,
          is_verified: false,
          assignments: toAssignments(body.assignments),
          created_at: now(),
          updated_at: now(),
        });
        db.users.push(u);
        writeUserHistory(u, 'create', null);
        return u;
      },
    ),
    handle(
      'put',
      'userUpdate',
      { body: userUpdateSchema, answer: managedUserSchema },
      ({ body, params }) => {
        const u = db.users.find((x) => x.id === at(params, 'userId'));
        if (!u) return notFound('user');
        const before = structuredClone(u);
        Object.assign(u, body, {
          assignments: body.assignments ? toAssignments(body.assignments) : u.assignments,
          updated_at: now(),
        });
        writeUserHistory(u, 'update', before);
        return u;
      },
    ),
    handle('delete', 'userDelete', { answer: messageResponseSchema }, ({ params }) => {
      const u = db.users.find((x) => x.id === at(params));
      if (!u) return notFound('user');
      db.users = db.users.filter((x) => x !== u);
      writeUserHistory(u, 'delete', u);
      return { message: 'User deleted.' };
    }),
    handle('get', 'userHistory', { answer: userHistoryPageSchema }, ({ params, url }) =>
      page(
        db.userHistory.filter((e) => e.user_id === at(params)),
        url,
      ),
    ),
    handle('post', 'userHistoryRestore', { answer: managedUserSchema }, ({ params }) => {
      const u = db.users.find((x) => x.id === at(params));
      const entry = db.userHistory.find((e) => e.id === at(params, 'entry'));
      const version = entry && (entry.action === 'delete' ? entry.changes.old : entry.changes.new);
      if (!u || !version) return notFound('entry');
      const before = structuredClone(u);
      Object.assign(u, version, { updated_at: now() });
      writeUserHistory(u, 'restore', before, entry.id);
      return u;
    }),
  ];

  return { db, handlers, requests, writeRoleHistory, writeUserHistory };
}

export type IdentityFake = ReturnType<typeof createIdentityFake>;
