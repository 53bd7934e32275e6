/** Profiles of the kinds of users SPEC §1 names, built from the contract's permission catalogue. */
import type { ActionName, ModuleName } from '@contract/permissions';
import { actionsFromPermissionSet, idsOf } from '@contract/permissions';
import type { UserProfile } from '@contract/profile';

type Right = `${ModuleName}.${ActionName}`;

export function profileWith(
  rights: Right[],
  overrides: Partial<UserProfile> & { role_id?: number; role_name?: string } = {},
): UserProfile {
  const { role_id = 2, role_name = 'Staff', ...rest } = overrides;
  return {
    id: 7,
    username: 'ada',
    email: 'ada@example.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    status: 'active',
    is_verified: true,
    is_defaultadmin: false,
    permissions: [
      {
        role_id,
        role_name,
        department_id: 1,
        department_name: 'General',
        actions: actionsFromPermissionSet(idsOf(...rights)),
      },
    ],
    created_at: '2025-01-02T09:30:00Z',
    updated_at: '2025-01-02T09:30:00Z',
    ...rest,
  };
}

export const adminProfile = profileWith([], {
  is_defaultadmin: true,
  role_id: 1,
  role_name: 'Administrator',
  first_name: 'Grace',
});

export const trialProfile = profileWith(
  [
    'Service_agent.ADD',
    'Service_agent.UPDATE',
    'Service_agent.VIEW',
    'Service_agent.LIST_VIEW',
    'Service_agent.DELETE',
    'Query.QUERY_DOCUMENT',
  ],
  { role_id: 4, role_name: 'Trial', first_name: 'Tria' },
);

export const emailOnlyProfile = profileWith(
  ['Email_agent.UPDATE', 'Email_agent.VIEW', 'Email_agent.LIST_VIEW', 'Email_agent.ANALYTICS'],
  { role_id: 5, role_name: 'Mailroom' },
);

export const helpdeskProfile = profileWith(['Helpdesk.LIST_VIEW', 'Helpdesk.VIEW'], {
  role_id: 3,
  role_name: 'Helpdesk',
});
