/**
 * An in-memory stand-in for the identity API (issue 4), typed from the contract, for component
 * tests: paged lists with search and filters, writes with history, restore, and the refusals the
 * screens must show (NAME_TAKEN, DEPARTMENT_IN_USE, ROLE_IN_USE). Tests read and change `db`
 * and inspect `requests`.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { apiPaths } from '@contract/api-paths';
import type {
  Assignment,
  Department,
  DepartmentInput,
  ManagedUser,
  Role,
  RoleHistoryEntry,
  RoleInput,
  RoleSnapshot,
  UserCreateInput,
  UserHistoryEntry,
  UserSnapshot,
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
import { apiUrl, errorResponse } from './handlers';

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

export function role(id: number, name: string, extra: Partial<Role> = {}): Role {
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
  const json = <T extends JsonBodyType>(body: T, status = 200) =>
    HttpResponse.json(body, { status });
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

  const handlers = [
    // ------------------------------------------------------------ catalogue
    http.get(apiUrl(apiPaths.permissions), () =>
      HttpResponse.json(permissionCatalogueSchema.parse(PERMISSION_CATALOGUE)),
    ),
    // ------------------------------------------------------------ departments
    http.get(apiUrl(apiPaths.departments), async ({ request }) => {
      const url = await record(request);
      const rows = db.departments.filter((d) => matches(url.searchParams.get('search'), d.name));
      return json(page(rows, url));
    }),
    http.get(apiUrl('/departments/:id'), async ({ request, params }) => {
      await record(request);
      const d = db.departments.find((x) => x.id === Number(params.id));
      return d ? json(d) : errorResponse(404, 'NOT_FOUND', 'No such department.');
    }),
    http.post(apiUrl(apiPaths.departments), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as DepartmentInput;
      if (db.departments.some((d) => d.name.toLowerCase() === body.name.toLowerCase()))
        return errorResponse(409, 'NAME_TAKEN', `A department named '${body.name}' exists.`);
      const d = department(nextId++, body.name, {
        description: body.description ?? '',
        created_at: now(),
        updated_at: now(),
      });
      db.departments.push(d);
      return json(d, 201);
    }),
    http.put(apiUrl('/departments/:id'), async ({ request, params }) => {
      await record(request);
      const d = db.departments.find((x) => x.id === Number(params.id));
      if (!d) return errorResponse(404, 'NOT_FOUND', 'No such department.');
      Object.assign(d, (await request.json()) as DepartmentInput, { updated_at: now() });
      return json(d);
    }),
    http.delete(apiUrl('/department/delete/:id'), async ({ request, params }) => {
      await record(request);
      const d = db.departments.find((x) => x.id === Number(params.id));
      if (!d) return errorResponse(404, 'NOT_FOUND', 'No such department.');
      if (d.user_count > 0 || d.role_count > 0)
        return errorResponse(
          409,
          'DEPARTMENT_IN_USE',
          `'${d.name}' still has ${d.user_count} users and ${d.role_count} roles.`,
        );
      db.departments = db.departments.filter((x) => x !== d);
      return json({ message: 'Department deleted.' });
    }),

    // ------------------------------------------------------------------ roles
    http.get(apiUrl(apiPaths.roles), async ({ request }) => {
      const url = await record(request);
      const dept = Number(url.searchParams.get('department_id')) || null;
      const rows = db.roles.filter(
        (r) =>
          matches(url.searchParams.get('search'), r.name, r.description) &&
          (!dept || r.department_id === dept),
      );
      return json(page(rows, url));
    }),
    http.get(apiUrl('/roles/types/:type/action/:action'), async ({ request, params }) => {
      const url = await record(request);
      const id = permissionId(params.type as ModuleName, params.action as ActionName);
      return json(
        page(
          db.roles.filter((r) => r.permission_set.includes(id)),
          url,
        ),
      );
    }),
    http.get(apiUrl('/roles/:id'), async ({ request, params }) => {
      await record(request);
      const r = db.roles.find((x) => x.id === Number(params.id));
      return r ? json(r) : errorResponse(404, 'NOT_FOUND', 'No such role in your departments.');
    }),
    http.post(apiUrl(apiPaths.roles), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as RoleInput;
      if (db.roles.some((r) => r.name.toLowerCase() === body.name.toLowerCase()))
        return errorResponse(409, 'NAME_TAKEN', `A role named '${body.name}' exists.`);
      const r = role(nextId++, body.name, {
        description: body.description ?? '',
        department_id: body.department_id,
        department_name: deptName(body.department_id),
        permission_set: [...body.permission_set].sort((a, b) => a - b),
        created_at: now(),
        updated_at: now(),
      });
      db.roles.push(r);
      writeRoleHistory(r, 'create', null);
      return json(r, 201);
    }),
    http.put(apiUrl('/roles/:id'), async ({ request, params }) => {
      await record(request);
      const r = db.roles.find((x) => x.id === Number(params.id));
      if (!r) return errorResponse(404, 'NOT_FOUND', 'No such role.');
      const before = structuredClone(r);
      const body = (await request.json()) as RoleInput;
      Object.assign(r, body, {
        department_name: deptName(body.department_id),
        permission_set: [...body.permission_set].sort((a, b) => a - b),
        updated_at: now(),
      });
      writeRoleHistory(r, 'update', before);
      return json(r);
    }),
    http.delete(apiUrl('/roles/:id'), async ({ request, params }) => {
      await record(request);
      const r = db.roles.find((x) => x.id === Number(params.id));
      if (!r) return errorResponse(404, 'NOT_FOUND', 'No such role.');
      if (r.user_count > 0)
        return errorResponse(409, 'ROLE_IN_USE', `${r.user_count} users still hold '${r.name}'.`);
      db.roles = db.roles.filter((x) => x !== r);
      writeRoleHistory(r, 'delete', r);
      return json({ message: 'Role deleted.' });
    }),
    http.get(apiUrl('/roles/:id/history'), async ({ request, params }) => {
      const url = await record(request);
      return json(
        page(
          db.roleHistory.filter((e) => e.role_id === Number(params.id)),
          url,
        ),
      );
    }),
    http.post(apiUrl('/roles/:id/history/restore/:entry'), async ({ request, params }) => {
      await record(request);
      const r = db.roles.find((x) => x.id === Number(params.id));
      const entry = db.roleHistory.find((e) => e.id === Number(params.entry));
      const version = entry && (entry.action === 'delete' ? entry.changes.old : entry.changes.new);
      if (!r || !version) return errorResponse(404, 'NOT_FOUND', 'No such entry.');
      const before = structuredClone(r);
      Object.assign(r, version, {
        department_name: deptName(version.department_id),
        updated_at: now(),
      });
      writeRoleHistory(r, 'restore', before, entry.id);
      return json(r);
    }),

    // ------------------------------------------------------------------ users
    http.get(apiUrl(apiPaths.users), async ({ request }) => {
      const url = await record(request);
      const dept = url.searchParams.get('department_name');
      const status = url.searchParams.get('status');
      const rows = db.users.filter(
        (u) =>
          matches(url.searchParams.get('search'), u.username, u.email, u.first_name, u.last_name) &&
          (!dept || u.assignments.some((a) => a.department_name === dept)) &&
          (!status || u.status === status),
      );
      return json(page(rows, url));
    }),
    http.get(apiUrl('/user/:id'), async ({ request, params }) => {
      await record(request);
      const u = db.users.find((x) => x.id === Number(params.id));
      return u ? json(u) : errorResponse(404, 'NOT_FOUND', 'No such user in your departments.');
    }),
    http.post(apiUrl(apiPaths.users), async ({ request }) => {
      await record(request);
      const body = (await request.json()) as UserCreateInput;
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
      return json(u, 201);
    }),
    http.put(apiUrl('/users/update/:id'), async ({ request, params }) => {
      await record(request);
      const u = db.users.find((x) => x.id === Number(params.id));
      if (!u) return errorResponse(404, 'NOT_FOUND', 'No such user.');
      const before = structuredClone(u);
      const body = (await request.json()) as Partial<UserCreateInput>;
      Object.assign(u, body, {
        assignments: body.assignments ? toAssignments(body.assignments) : u.assignments,
        updated_at: now(),
      });
      writeUserHistory(u, 'update', before);
      return json(u);
    }),
    http.delete(apiUrl('/users/delete/:id'), async ({ request, params }) => {
      await record(request);
      const u = db.users.find((x) => x.id === Number(params.id));
      if (!u) return errorResponse(404, 'NOT_FOUND', 'No such user.');
      db.users = db.users.filter((x) => x !== u);
      writeUserHistory(u, 'delete', u);
      return json({ message: 'User deleted.' });
    }),
    http.get(apiUrl('/users/history/:id'), async ({ request, params }) => {
      const url = await record(request);
      return json(
        page(
          db.userHistory.filter((e) => e.user_id === Number(params.id)),
          url,
        ),
      );
    }),
    http.post(apiUrl('/users/history/:id/restore/:entry'), async ({ request, params }) => {
      await record(request);
      const u = db.users.find((x) => x.id === Number(params.id));
      const entry = db.userHistory.find((e) => e.id === Number(params.entry));
      const version = entry && (entry.action === 'delete' ? entry.changes.old : entry.changes.new);
      if (!u || !version) return errorResponse(404, 'NOT_FOUND', 'No such entry.');
      const before = structuredClone(u);
      Object.assign(u, version, { updated_at: now() });
      writeUserHistory(u, 'restore', before, entry.id);
      return json(u);
    }),
  ];

  return { db, handlers, requests, writeRoleHistory, writeUserHistory };
}

export type IdentityFake = ReturnType<typeof createIdentityFake>;
