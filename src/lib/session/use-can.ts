/**
 * What the signed-in person may do, for screens: a route's rule (contract/route-rules) and a
 * module right, both through contract/access.ts — the rules the router and the server use.
 */
import { useSelector } from 'react-redux';
import { canAccess, hasPermission } from '@contract/access';
import type { ActionName, ModuleName } from '@contract/permissions';
import { routeRules, type RouteRuleKey } from '@contract/route-rules';
import { selectAccessSubject } from './session-slice';

export function useCan() {
  const subject = useSelector(selectAccessSubject);
  return {
    subject,
    route: (key: RouteRuleKey) => (subject ? canAccess(routeRules[key], subject) : false),
    right: (module: ModuleName, action: ActionName) =>
      subject ? hasPermission(subject, module, action) : false,
  };
}
