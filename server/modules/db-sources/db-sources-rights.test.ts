import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSource,
  sourceEnv,
  sqliteSourceBody,
  sqliteSourceFile,
} from '../../test-support/db-sources';
import { addDepartment, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

const BASE = '/api/integrations/db-source';

/** Database sources follow the Documents rights, department by department. */
describeApi('database source rights', { env: sourceEnv() }, (t) => {
  let file: string;
  beforeAll(() => {
    file = sqliteSourceFile();
  });

  describe('rights', () => {
    it('when a person lacks the Documents right, then each call answers 403', async () => {
      const dept = await addDepartment(t);
      const reader = await personWith(t, dept, 'Query.QUERY_DOCUMENT');
      const calls = [
        ['POST', BASE, sqliteSourceBody(file, { department_id: dept })],
        ['GET', BASE, undefined],
        ['PUT', `${BASE}?integration_id=1`, { is_active: false }],
        ['DELETE', BASE, { integration_ids: [1] }],
        ['GET', `${BASE}/tables?integration_id=1`, undefined],
      ] as const;
      for (const [method, url, body] of calls) {
        const res = await t.api(method, url, { token: reader.token, body });
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    });

    it('when a person holds Documents rights in one department, then they see and query only its sources', async () => {
      const mine = await addDepartment(t);
      const theirs = await addDepartment(t);
      const person = await personWith(
        t,
        mine,
        'Documents.ADD',
        'Documents.VIEW',
        'Documents.LIST_VIEW',
        'Documents.UPDATE',
        'Documents.DELETE',
      );
      const own = await createSource(
        t,
        person.token,
        sqliteSourceBody(file, { department_id: mine, name: 'Mine' }),
      );
      const other = await createSource(
        t,
        t.admin,
        sqliteSourceBody(file, { department_id: theirs, name: 'Theirs' }),
      );
      const foreign = await t.api('POST', BASE, {
        token: person.token,
        body: sqliteSourceBody(file, { department_id: theirs }),
      });
      expect(foreign.status).toBe(403);
      const list = await t.api('GET', `${BASE}?size=500`, { token: person.token });
      const ids = list.body.items.map((s: { id: number }) => s.id);
      expect(ids).toContain(own.id);
      expect(ids).not.toContain(other.id);
      for (const [method, url, body] of [
        ['GET', `${BASE}?integration_id=${other.id}`, undefined],
        ['PUT', `${BASE}?integration_id=${other.id}`, { is_active: false }],
        ['DELETE', BASE, { integration_ids: [other.id] }],
      ] as const) {
        const res = await t.api(method, url, { token: person.token, body });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
      // Without Query.QUERY_DOCUMENT no query runs, even on their own source.
      const query = await t.api('POST', `${BASE}/query?integration_id=${own.id}`, {
        token: person.token,
        body: { sql: 'select 1' },
      });
      expect(query.status).toBe(403);
      const asker = await personWith(t, mine, 'Documents.VIEW', 'Query.QUERY_DOCUMENT');
      const ok = await t.api('POST', `${BASE}/query?integration_id=${own.id}`, {
        token: asker.token,
        body: { sql: 'select count(*) as n from shipments' },
      });
      expect(ok.body.rows).toEqual([[40]]);
      const outside = await t.api('POST', `${BASE}/query?integration_id=${other.id}`, {
        token: asker.token,
        body: { sql: 'select 1' },
      });
      expect(outside.status).toBe(404);
    });
  });
});
