/**
 * The generated role × endpoint matrix: every identity endpoint is called by a person
 * holding exactly one of the catalogue's rights (through one role in General, where every target lives),
 * by a person with none, and by a default administrator. It must answer 2xx exactly where SPEC §6
 * and §7 allow and 403 FORBIDDEN everywhere else. The expectations are written here from the
 * SPEC, not read from the routes, so a route that declares the wrong right fails.
 */
import { beforeAll, expect, it } from 'vitest';
import {
  PERMISSION_CATALOGUE,
  type ActionName,
  type ModuleName,
} from '../../../contract/permissions';
import {
  addDepartment,
  addPerson,
  addRole,
  GENERAL,
  letters,
  type Person,
} from '../../test-support/identity';
import { describeApi, newUserBody } from '../../test-support/test-app';

interface Right {
  module: ModuleName;
  action: ActionName;
}
/** One right, any of several, default admins only, or anyone signed in. */
type Need = Right | Right[] | 'admin' | 'signed-in';

interface Subject {
  label: string;
  admin: boolean;
  right?: { module: ModuleName; action: ActionName };
  person: Person;
  /** Things this subject may delete, so each allowed DELETE has its own target. */
  own: { user: number; role: number; department: number };
}

interface Fixtures {
  emptyRole: number;
  user: { id: number; email: string; createEntry: number };
  role: { id: number; name: string; createEntry: number };
  department: number;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

interface Endpoint {
  name: string;
  need: Need;
  call: (f: Fixtures, s: Subject) => Call;
}

const perm = (module: ModuleName, action: ActionName): Need => ({ module, action });

const ENDPOINTS: Endpoint[] = [
  // Users (SPEC §6: Users.LIST_VIEW, ADD, VIEW; §7 update and delete need UPDATE and DELETE)
  {
    name: 'GET /users',
    need: perm('Users', 'LIST_VIEW'),
    call: () => ({ method: 'GET', url: '/api/users' }),
  },
  {
    name: 'GET /users/{email}',
    need: perm('Users', 'VIEW'),
    call: (f) => ({ method: 'GET', url: `/api/users/${f.user.email}` }),
  },
  {
    name: 'GET /user/{id}',
    need: perm('Users', 'VIEW'),
    call: (f) => ({ method: 'GET', url: `/api/user/${f.user.id}` }),
  },
  {
    name: 'POST /users',
    need: perm('Users', 'ADD'),
    call: (f) => {
      return {
        method: 'POST',
        url: '/api/users',
        body: newUserBody([{ department_id: GENERAL, role_id: f.emptyRole }], 'matrix'),
      };
    },
  },
  {
    name: 'PUT /users/update/{userId}',
    need: perm('Users', 'UPDATE'),
    call: (f) => ({
      method: 'PUT',
      url: `/api/users/update/${f.user.id}`,
      body: { last_name: 'Matrix' },
    }),
  },
  {
    name: 'PUT /users/{id}',
    need: perm('Users', 'UPDATE'),
    call: (f) => ({
      method: 'PUT',
      url: `/api/users/${f.user.id}`,
      body: { first_name: 'Matrix' },
    }),
  },
  {
    name: 'DELETE /users/delete/{id}',
    need: perm('Users', 'DELETE'),
    call: (_f, s) => ({ method: 'DELETE', url: `/api/users/delete/${s.own.user}` }),
  },
  {
    name: 'GET /users/history/{id}',
    need: perm('Users', 'VIEW'),
    call: (f) => ({ method: 'GET', url: `/api/users/history/${f.user.id}` }),
  },
  {
    name: 'POST /users/history/{id}/restore/{entry}',
    need: perm('Users', 'UPDATE'),
    call: (f) => ({
      method: 'POST',
      url: `/api/users/history/${f.user.id}/restore/${f.user.createEntry}`,
    }),
  },
  // Departments: default administrators only (SPEC §6 /department)
  {
    name: 'GET /departments',
    need: 'admin',
    call: () => ({ method: 'GET', url: '/api/departments?type=all' }),
  },
  {
    name: 'GET /departments/{id}',
    need: 'admin',
    call: (f) => ({ method: 'GET', url: `/api/departments/${f.department}` }),
  },
  {
    name: 'POST /departments',
    need: 'admin',
    call: () => ({
      method: 'POST',
      url: '/api/departments',
      body: { name: `Matrix ${letters()}` },
    }),
  },
  {
    name: 'PUT /departments/{id}',
    need: 'admin',
    call: (f) => ({
      method: 'PUT',
      url: `/api/departments/${f.department}`,
      body: { name: `Matrix ${letters()}` },
    }),
  },
  {
    name: 'DELETE /department/delete/{id}',
    need: 'admin',
    call: (_f, s) => ({ method: 'DELETE', url: `/api/department/delete/${s.own.department}` }),
  },
  // Roles (SPEC §6: Roles.LIST_VIEW, ADD, VIEW; update, delete and restore as for users)
  {
    name: 'GET /roles',
    // Also for those who add or edit users: the user form picks roles from this list.
    need: [
      { module: 'Roles', action: 'LIST_VIEW' },
      { module: 'Users', action: 'ADD' },
      { module: 'Users', action: 'UPDATE' },
    ],
    call: () => ({ method: 'GET', url: '/api/roles?type=all' }),
  },
  {
    name: 'GET /roles/types/{type}/action/{action}',
    need: perm('Roles', 'LIST_VIEW'),
    call: () => ({ method: 'GET', url: '/api/roles/types/Users/action/VIEW' }),
  },
  {
    name: 'GET /roles/{id}',
    need: perm('Roles', 'VIEW'),
    call: (f) => ({ method: 'GET', url: `/api/roles/${f.role.id}` }),
  },
  {
    name: 'POST /roles',
    need: perm('Roles', 'ADD'),
    call: () => ({
      method: 'POST',
      url: '/api/roles',
      body: { name: `Matrix ${letters()}`, department_id: GENERAL, permission_set: [] },
    }),
  },
  {
    name: 'PUT /roles/{id}',
    need: perm('Roles', 'UPDATE'),
    call: (f) => ({
      method: 'PUT',
      url: `/api/roles/${f.role.id}`,
      body: {
        name: f.role.name,
        description: `Matrix ${letters()}`,
        department_id: GENERAL,
        permission_set: [],
      },
    }),
  },
  {
    name: 'DELETE /roles/{id}',
    need: perm('Roles', 'DELETE'),
    call: (_f, s) => ({ method: 'DELETE', url: `/api/roles/${s.own.role}` }),
  },
  {
    name: 'GET /roles/{id}/history',
    need: perm('Roles', 'VIEW'),
    call: (f) => ({ method: 'GET', url: `/api/roles/${f.role.id}/history` }),
  },
  {
    name: 'POST /roles/{id}/history/restore/{entry}',
    need: perm('Roles', 'UPDATE'),
    call: (f) => ({
      method: 'POST',
      url: `/api/roles/${f.role.id}/history/restore/${f.role.createEntry}`,
    }),
  },
  {
    name: 'GET /permissions',
    need: 'signed-in',
    call: () => ({ method: 'GET', url: '/api/permissions' }),
  },
];

function allowed(need: Need, s: Subject): boolean {
  if (need === 'signed-in' || s.admin) return true;
  if (need === 'admin') return false;
  return [need].flat().some((n) => s.right?.module === n.module && s.right.action === n.action);
}

/** Runs the calls a few at a time (PostgreSQL has a pool; SQLite queues them anyway). */
async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

describeApi('identity access matrix', (t) => {
  let fixtures: Fixtures;
  const subjects: Subject[] = [];

  beforeAll(async () => {
    const emptyRole = await addRole(t, GENERAL, [], 'Matrix nothing');
    const target = newUserBody([{ department_id: GENERAL, role_id: emptyRole }], 'target');
    const user = await t.api('POST', '/api/users', { token: t.admin, body: target });
    const role = await t.api('POST', '/api/roles', {
      token: t.admin,
      body: { name: 'Matrix target', department_id: GENERAL, permission_set: [] },
    });
    const historyOf = async (url: string) =>
      (await t.api('GET', url, { token: t.admin })).body.items[0].id;
    fixtures = {
      emptyRole,
      user: {
        id: user.body.id,
        email: target.email,
        createEntry: await historyOf(`/api/users/history/${user.body.id}`),
      },
      role: {
        id: role.body.id,
        name: 'Matrix target',
        createEntry: await historyOf(`/api/roles/${role.body.id}/history`),
      },
      department: await addDepartment(t),
    };

    const kinds = [
      ...PERMISSION_CATALOGUE.map((p) => ({
        label: `${p.module_name}.${p.action}`,
        admin: false,
        right: p,
      })),
      { label: 'no right', admin: false, right: undefined },
      { label: 'default admin', admin: true, right: undefined },
    ];
    for (const kind of kinds) {
      const roleId = kind.admin ? 1 : await addRole(t, GENERAL, kind.right ? [kind.right.id] : []);
      const person = await addPerson(t, {
        is_defaultadmin: kind.admin,
        assignments: [{ department_id: GENERAL, role_id: roleId }],
      });
      subjects.push({
        label: kind.label,
        admin: kind.admin,
        right: kind.right && { module: kind.right.module_name, action: kind.right.action },
        person,
        own: {
          user: (
            await addPerson(t, { assignments: [{ department_id: GENERAL, role_id: emptyRole }] })
          ).id,
          role: await addRole(t, GENERAL, []),
          department: await addDepartment(t),
        },
      });
    }
  });

  it('covers every single right, no right and the default admin', () => {
    expect(subjects).toHaveLength(PERMISSION_CATALOGUE.length + 2);
  });

  it.each(ENDPOINTS.map((e) => [e.name, e] as const))(
    '%s answers 2xx only where allowed, else 403',
    async (_name, endpoint) => {
      const results = await inBatches(subjects, 8, async (s) => {
        const { method, url, body } = endpoint.call(fixtures, s);
        const res = await t.api(method, url, { token: s.person.token, body });
        return { s, res };
      });
      const wrong = results
        .filter(({ s, res }) => {
          const ok = res.status >= 200 && res.status < 300;
          return allowed(endpoint.need, s)
            ? !ok
            : res.status !== 403 || res.body.code !== 'FORBIDDEN';
        })
        .map(({ s, res }) => `${s.label}: ${res.status} ${res.body?.message ?? ''}`);
      expect(wrong).toEqual([]);
      const granted = results.filter(({ res }) => res.status < 300).length;
      const expected = subjects.filter((s) => allowed(endpoint.need, s)).length;
      expect(granted).toBe(expected);
    },
  );
});
