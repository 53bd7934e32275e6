/**
 * What /api-docs says each route needs is what the sign-in and rights checks enforce: every
 * operation of the document is called by people holding exactly one right each (every right of
 * the modules its `x-required-right` names, and one of another module), by the default
 * administrator, without a token and with an integration key, and the checks' refusals must
 * match the document's words.
 */
import { expect, it } from 'vitest';
import { hasPermission } from '../../contract/access';
import {
  ACTIONS,
  type ActionName,
  MODULES,
  type ModuleName,
  permissionId,
  PERMISSION_CATALOGUE,
} from '../../contract/permissions';
import type { AccessSubject } from '../../contract/profile';
import { createKey } from '../test-support/api-keys';
import { readDocument } from '../test-support/declared-routes';
import { GENERAL, type Person, personWith } from '../test-support/identity';
import { describeApi, type SuiteApp } from '../test-support/test-app';

type Right = `${ModuleName}.${ActionName}`;
const NO_RIGHT = 'You do not have permission to do this.';
const ADMIN_ONLY = 'Only the default administrator may do this.';
const VISITORS_ONLY = 'Only a visitor of a chat widget may call this.';
const KEY_REFUSED = 'API keys cannot call this route; sign in as a person.';
const NO_TOKEN = 'No access token was sent.';
const SAMPLE_PARAMS: Record<string, string> = {
  token: 'not-a-token',
  email: 'nobody@example.com',
  type: 'Users',
  action: 'VIEW',
};

/** Every right the catalogue has (a pair no module has is no right: keys refuse it). */
const ALL_RIGHTS = PERMISSION_CATALOGUE.map((p) => `${p.module_name}.${p.action}` as Right);

/** Someone holding exactly `rights`, as the rules module sees them. */
function holding(...rights: Right[]): AccessSubject {
  const actions = MODULES.map((module) => ({
    module_name: module,
    ...Object.fromEntries(ACTIONS.map((a) => [a, rights.includes(`${module}.${a}`)])),
  })) as AccessSubject['permissions'][0]['actions'];
  const entry = { role_id: 0, role_name: '', department_id: GENERAL, department_name: '', actions };
  return { is_defaultadmin: false, permissions: [entry] };
}

interface Operation {
  method: string;
  path: string;
  url: string;
  right: string;
  keys: boolean;
}

function operations(doc: Awaited<ReturnType<typeof readDocument>>): Operation[] {
  const list = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      url: path.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? '0'),
      right: String(op['x-required-right']),
      keys: !op.description?.includes('Not with an integration key.'),
    })),
  );
  // Signing out ends the session of whoever calls it: it goes last.
  return list.sort(
    (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
  );
}

/** The checks' refusal of a call, or undefined when the call got past them. */
async function refusal(t: SuiteApp, op: Operation, token?: string) {
  const res = await t.api(op.method as 'GET', op.url, {
    token,
    ...(op.method === 'GET' ? {} : { body: {} }),
  });
  expect(res.status, `${op.method} ${op.path}: ${res.raw.slice(0, 200)}`).toBeLessThan(500);
  const message = res.body?.message as string | undefined;
  const refused =
    (res.status === 401 && message === NO_TOKEN) ||
    (res.status === 403 &&
      [NO_RIGHT, ADMIN_ONLY, VISITORS_ONLY, KEY_REFUSED].includes(message ?? ''));
  return refused ? message : undefined;
}

describeApi('the rights /api-docs names', (t) => {
  it('when each operation is called by people holding one right each, then exactly those the document names get past the checks', async () => {
    const ops = operations(await readDocument(t));
    const people = new Map<Right, Person>();
    const as = async (right: Right) => {
      const known = people.get(right);
      if (known) return known.token;
      const person = await personWith(t, GENERAL, right);
      people.set(right, person);
      return person.token;
    };
    const everything = await personWith(t, GENERAL, ...ALL_RIGHTS);
    const key = await createKey(t, t.admin, {
      permission_set: ALL_RIGHTS.map((r) =>
        permissionId(...(r.split('.') as [ModuleName, ActionName])),
      ),
    });
    const wrong: string[] = [];
    const expectThat = (op: Operation, who: string, got: string | undefined, want?: string) => {
      if (got !== want)
        wrong.push(
          `${op.method} ${op.path} as ${who}: ${got ?? 'passed'}, not ${want ?? 'passed'}`,
        );
    };

    for (const op of ops) {
      if (op.right === 'none (public)') {
        expectThat(op, 'nobody', await refusal(t, op), undefined);
        continue;
      }
      expectThat(op, 'nobody', await refusal(t, op), NO_TOKEN);
      if (!op.keys || op.right === 'a chat widget visitor token')
        expectThat(op, 'a key', await refusal(t, op, key.key), KEY_REFUSED);
      if (op.right === 'a chat widget visitor token') {
        expectThat(op, 'everything', await refusal(t, op, everything.token), VISITORS_ONLY);
        continue;
      }
      if (op.right === 'the default administrator') {
        expectThat(op, 'everything', await refusal(t, op, everything.token), ADMIN_ONLY);
        expectThat(op, 'the administrator', await refusal(t, op, t.admin), undefined);
        continue;
      }
      const named =
        op.right === 'any signed-in person'
          ? []
          : op.right.split(' or ').map((r) => r.split('.') as [ModuleName, ActionName]);
      expect(
        named.every(([m, a]) => MODULES.includes(m) && ACTIONS.includes(a)),
        op.right,
      ).toBe(true);
      const allowed = (subject: AccessSubject) =>
        named.length === 0 || named.some(([m, a]) => hasPermission(subject, m, a));
      // A key acts for its creator (here every right) within its own rights (here all of them).
      if (op.keys)
        expectThat(
          op,
          'a key',
          await refusal(t, op, key.key),
          allowed(holding(...ALL_RIGHTS)) ? undefined : NO_RIGHT,
        );
      // Every action of the modules named, and the same action of a module not named.
      const modules = new Set(named.map(([m]) => m));
      const other = MODULES.find((m) => !modules.has(m)) as ModuleName;
      const tried: Right[] = [
        ...[...modules].flatMap((m) => ACTIONS.map((a) => `${m}.${a}` as Right)),
        `${other}.${named[0]?.[1] ?? 'VIEW'}`,
      ];
      for (const right of op.path.endsWith('/logout') ? [] : tried)
        expectThat(
          op,
          right,
          await refusal(t, op, await as(right)),
          allowed(holding(right)) ? undefined : NO_RIGHT,
        );
      if (op.path.endsWith('/logout')) {
        const person = await personWith(t, GENERAL, 'Users.VIEW');
        expectThat(op, 'Users.VIEW', await refusal(t, op, person.token), undefined);
      }
    }
    expect(wrong).toEqual([]);
    expect(people.size).toBeGreaterThan(40);
  }, 90_000);
});
