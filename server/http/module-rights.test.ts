import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  MODULE_ACTIONS,
  MODULES,
  PERMISSION_CATALOGUE,
  permissionId,
} from '../../contract/permissions';
import { declaredRoutes } from '../test-support/declared-routes';
import type { RouteRight } from '../deps';

describe('the rights each module has', () => {
  it('when the routes are read, then the rights they need are exactly the catalogue: none missing, none needed by nothing', async () => {
    const needed = new Set<string>();
    for (const route of await declaredRoutes()) {
      const permission = (route.config as { permission?: RouteRight | readonly RouteRight[] })
        .permission;
      for (const right of [permission ?? []].flat()) needed.add(`${right.module}.${right.action}`);
    }
    const catalogue = new Set(PERMISSION_CATALOGUE.map((p) => `${p.module_name}.${p.action}`));
    expect([...needed].filter((r) => !catalogue.has(r))).toEqual([]);
    expect([...catalogue].filter((r) => !needed.has(r))).toEqual([]);
  });

  it('when the catalogue is built, then each right keeps its stable id and meaningless pairs have none', () => {
    expect(PERMISSION_CATALOGUE.length).toBe(
      MODULES.reduce((n, m) => n + MODULE_ACTIONS[m].length, 0),
    );
    for (const p of PERMISSION_CATALOGUE)
      expect(p.id).toBe(
        MODULES.indexOf(p.module_name) * ACTIONS.length + ACTIONS.indexOf(p.action) + 1,
      );
    const ids = new Set(PERMISSION_CATALOGUE.map((p) => p.id));
    expect(ids.has(permissionId('Users', 'QUERY_DOCUMENT'))).toBe(false);
    expect(ids.has(permissionId('Query', 'QUERY_DOCUMENT'))).toBe(true);
  });
});
