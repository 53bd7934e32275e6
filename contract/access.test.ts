/** Every SPEC §6 rule, against the one rule module the SPA and the server share. */
import { describe, expect, it } from 'vitest';
import {
  canAccess,
  departmentScope,
  inScope,
  evaluate,
  hasPermission,
  isEmailOnlyProfile,
  isHelpdeskUser,
  isTrialUser,
  reportsRights,
} from './access';
import { integrationsIsChatbot, MENU_KEYS, visibleMenuKeys, type MenuKey } from './menu';
import { actionsFromPermissionSet, idsOf, type ActionName, type ModuleName } from './permissions';
import type { AccessSubject, PermissionEntry } from './profile';
import { routeRules, type RouteRuleKey } from './route-rules';

type Right = `${ModuleName}.${ActionName}`;

function role(rights: Right[], role_id = 2, role_name = 'Staff'): PermissionEntry {
  return {
    role_id,
    role_name,
    department_id: 1,
    department_name: 'General',
    actions: actionsFromPermissionSet(idsOf(...rights)),
  };
}

const subject = (...roles: PermissionEntry[]): AccessSubject => ({
  is_defaultadmin: false,
  permissions: roles,
});
const admin: AccessSubject = { is_defaultadmin: true, permissions: [] };
const nobody = subject(role([]));
const widget: AccessSubject = { is_defaultadmin: false, permissions: [], isWidget: true };
const trial = subject(
  role(
    [
      'Service_agent.ADD',
      'Service_agent.UPDATE',
      'Service_agent.VIEW',
      'Service_agent.LIST_VIEW',
      'Service_agent.DELETE',
      'Query.QUERY_DOCUMENT',
    ],
    4,
    'Trial',
  ),
);
const emailOnly = subject(
  role([
    'Email_agent.UPDATE',
    'Email_agent.VIEW',
    'Email_agent.LIST_VIEW',
    'Email_agent.ANALYTICS',
  ]),
);

const allowed = (key: RouteRuleKey, who: AccessSubject) => canAccess(routeRules[key], who);

/** SPEC §6 route table: the route key, the right it needs, and a right that is not enough. */
const routeTable: [RouteRuleKey, Right[], Right[]][] = [
  ['users', ['Users.LIST_VIEW'], ['Users.VIEW']],
  ['addUser', ['Users.LIST_VIEW', 'Users.ADD'], ['Users.ADD']],
  ['editUser', ['Users.LIST_VIEW', 'Users.UPDATE'], ['Users.LIST_VIEW']],
  ['viewUser', ['Users.LIST_VIEW', 'Users.VIEW'], ['Users.LIST_VIEW']],
  ['roles', ['Roles.LIST_VIEW'], ['Roles.VIEW']],
  ['addRole', ['Roles.LIST_VIEW', 'Roles.ADD'], ['Roles.LIST_VIEW']],
  ['updateRole', ['Roles.LIST_VIEW', 'Roles.UPDATE'], ['Roles.LIST_VIEW']],
  ['viewRole', ['Roles.LIST_VIEW', 'Roles.VIEW'], ['Roles.LIST_VIEW']],
  ['serviceAgent', ['Service_agent.LIST_VIEW'], ['Service_agent.VIEW']],
  ['emailAgent', ['Email_agent.LIST_VIEW'], ['Email_agent.VIEW']],
  ['helpdesk', ['Helpdesk.LIST_VIEW'], ['Helpdesk.VIEW']],
  ['upload', ['Documents.ADD'], ['Documents.LIST_VIEW']],
  ['repository', ['Documents.LIST_VIEW'], ['Documents.ADD']],
  ['sopRepository', ['Sop.LIST_VIEW'], ['Sop.VIEW']],
];

describe('route access (SPEC §6)', () => {
  it.each(routeTable)(
    'when a user holds what %s needs, then it opens; with less, then it is denied',
    (key, enough, notEnough) => {
      expect(allowed(key, subject(role(enough)))).toBe(true);
      expect(allowed(key, subject(role(notEnough)))).toBe(false);
      expect(allowed(key, nobody)).toBe(false);
    },
  );

  it('when the route is /department, then only the default administrator opens it', () => {
    expect(allowed('department', admin)).toBe(true);
    expect(allowed('department', subject(role(['Users.LIST_VIEW', 'Roles.LIST_VIEW'])))).toBe(
      false,
    );
  });

  it('when the route is the dashboard or an open one, then everyone signed in opens it', () => {
    expect(allowed('dashboard', nobody)).toBe(true);
    expect(allowed('open', nobody)).toBe(true);
  });

  it('when the route is /analytics or /sentiment-analytics, then it is open (SPEC §6) while the menu still follows Reports rights', () => {
    expect(allowed('analytics', nobody)).toBe(true);
    expect(allowed('sentimentAnalytics', nobody)).toBe(true);
    expect(visibleMenuKeys(nobody).has('analytics')).toBe(false);
    expect(visibleMenuKeys(subject(role(['Reports.LIST_VIEW']))).has('analytics')).toBe(true);
  });

  it('when the user is the default administrator, then every route opens', () => {
    for (const key of Object.keys(routeRules) as RouteRuleKey[])
      expect(allowed(key, admin), key).toBe(true);
  });

  it('when rights are spread over several roles, then they are OR-ed', () => {
    const two = subject(role(['Users.LIST_VIEW']), role(['Users.ADD'], 5, 'Recruiter'));
    expect(allowed('addUser', two)).toBe(true);
    expect(hasPermission(two, 'Users', 'ADD')).toBe(true);
  });

  it('when the session is a widget visitor, then every check is skipped', () => {
    for (const key of Object.keys(routeRules) as RouteRuleKey[])
      expect(allowed(key, widget), key).toBe(true);
    // Only route access skips; the rule itself still says no.
    expect(evaluate(routeRules.users, widget)).toBe(false);
  });

  it('when the Trial role signs in, then only the chatbot area of the guarded ones opens', () => {
    const open = (Object.keys(routeRules) as RouteRuleKey[]).filter(
      (k) => routeRules[k].kind !== 'open' && allowed(k, trial),
    );
    expect(open).toEqual([
      'serviceAgent',
      'addServiceAgent',
      'editServiceAgent',
      'viewServiceAgent',
    ]);
  });
});

describe('menu visibility (SPEC §6)', () => {
  const menu = (who: AccessSubject) => [...visibleMenuKeys(who)].sort();

  it('when the default administrator looks, then every item except the Email group shows', () => {
    expect(menu(admin)).toEqual(MENU_KEYS.filter((k) => k !== 'email').sort());
  });

  it('when a user has Users list-view only, then User Management shows with Users alone', () => {
    const keys = visibleMenuKeys(subject(role(['Users.LIST_VIEW'])));
    expect(keys.has('userManagement')).toBe(true);
    expect(keys.has('users')).toBe(true);
    expect(keys.has('roles')).toBe(false);
    expect(keys.has('department')).toBe(false);
  });

  it('when a user has Roles list-view only, then User Management shows with Roles alone', () => {
    const keys = visibleMenuKeys(subject(role(['Roles.LIST_VIEW'])));
    expect([...keys].filter((k) => ['userManagement', 'users', 'roles'].includes(k))).toEqual([
      'roles',
      'userManagement',
    ]);
  });

  it('when a user has neither, then User Management is hidden', () => {
    expect(visibleMenuKeys(subject(role(['Users.VIEW', 'Roles.ADD']))).has('userManagement')).toBe(
      false,
    );
  });

  it('when Documents rights are given, then Upload needs ADD and Repository needs LIST_VIEW', () => {
    const uploader = visibleMenuKeys(subject(role(['Documents.ADD'])));
    expect(['content', 'upload'].every((k) => uploader.has(k as MenuKey))).toBe(true);
    expect(uploader.has('repository')).toBe(false);
    const reader = visibleMenuKeys(subject(role(['Documents.LIST_VIEW'])));
    expect(reader.has('repository')).toBe(true);
    expect(reader.has('upload')).toBe(false);
  });

  it('when Sop, Helpdesk or Query rights are given, then SOP, Helpdesk and Dashboard follow them', () => {
    const keys = visibleMenuKeys(
      subject(role(['Sop.LIST_VIEW', 'Helpdesk.LIST_VIEW', 'Query.QUERY_DOCUMENT'])),
    );
    expect(keys.has('sopRepository') && keys.has('helpdesk') && keys.has('dashboard')).toBe(true);
    const none = visibleMenuKeys(nobody);
    expect(none.has('sopRepository') || none.has('helpdesk') || none.has('dashboard')).toBe(false);
    expect([...none]).toEqual(['profile']);
  });

  it('when Service_agent or Email_agent list-view is given, then Integrations shows', () => {
    expect(visibleMenuKeys(subject(role(['Service_agent.LIST_VIEW']))).has('integrations')).toBe(
      true,
    );
    expect(
      visibleMenuKeys(subject(role(['Email_agent.LIST_VIEW', 'Email_agent.ADD']))).has(
        'integrations',
      ),
    ).toBe(true);
    expect(visibleMenuKeys(subject(role(['Service_agent.VIEW']))).has('integrations')).toBe(false);
  });

  it('when the profile is email-only, then the menu is Dashboard, Profile and Email', () => {
    expect(isEmailOnlyProfile(emailOnly)).toBe(true);
    expect(menu(emailOnly)).toEqual(['dashboard', 'email', 'profile']);
  });

  it('when Email_agent has one right more or another module has any, then it is not email-only', () => {
    const more = subject(
      role([
        'Email_agent.UPDATE',
        'Email_agent.VIEW',
        'Email_agent.LIST_VIEW',
        'Email_agent.ANALYTICS',
        'Email_agent.DELETE',
      ]),
    );
    const other = subject(
      role([
        'Email_agent.UPDATE',
        'Email_agent.VIEW',
        'Email_agent.LIST_VIEW',
        'Email_agent.ANALYTICS',
      ]),
      role(['Query.QUERY_DOCUMENT'], 6, 'Reader'),
    );
    for (const who of [more, other]) {
      expect(isEmailOnlyProfile(who)).toBe(false);
      expect(visibleMenuKeys(who).has('email')).toBe(false);
    }
    expect(isEmailOnlyProfile(admin)).toBe(false);
  });

  it('when the role is Trial, then Integrations is shown as Chatbot', () => {
    expect(isTrialUser(trial)).toBe(true);
    expect(integrationsIsChatbot(trial)).toBe(true);
    expect(visibleMenuKeys(trial).has('integrations')).toBe(true);
    expect(integrationsIsChatbot(subject(role(['Service_agent.LIST_VIEW'])))).toBe(false);
    expect(integrationsIsChatbot(admin)).toBe(false);
  });

  it('when the user is role_id 3, then they are a helpdesk user', () => {
    expect(isHelpdeskUser(subject(role(['Helpdesk.LIST_VIEW'], 3, 'Helpdesk')))).toBe(true);
    expect(isHelpdeskUser(trial)).toBe(false);
  });
});

describe('Reports rights (SPEC §6)', () => {
  it('when the user is the default administrator, then every Reports right is given', () => {
    expect(Object.values(reportsRights(admin)).every(Boolean)).toBe(true);
    expect(visibleMenuKeys(admin).has('reports')).toBe(true);
  });

  it('when the user has Reports.VIEW, then every right except DOWNLOAD is given', () => {
    const viewer = subject(role(['Reports.VIEW']));
    const rights = reportsRights(viewer);
    expect(rights.DOWNLOAD).toBe(false);
    expect(rights.LIST_VIEW && rights.ANALYTICS && rights.ADD).toBe(true);
    const keys = visibleMenuKeys(viewer);
    expect(keys.has('reports') && keys.has('analytics') && keys.has('sentiment')).toBe(true);
    expect(allowed('analytics', viewer)).toBe(true);
    expect(hasPermission(viewer, 'Reports', 'DOWNLOAD')).toBe(false);
  });

  it('when the user has Reports rights without VIEW, then they are taken as given', () => {
    const downloader = subject(role(['Reports.DOWNLOAD']));
    expect(reportsRights(downloader).DOWNLOAD).toBe(true);
    expect(reportsRights(downloader).LIST_VIEW).toBe(false);
    expect(visibleMenuKeys(downloader).has('reports')).toBe(false);
    const lister = subject(role(['Reports.LIST_VIEW']));
    expect(visibleMenuKeys(lister).has('analytics')).toBe(true);
    expect(reportsRights(lister).DOWNLOAD).toBe(false);
  });
});

describe('department scope (SPEC §6, per department)', () => {
  const inDept = (department_id: number, rights: Right[]): PermissionEntry => ({
    ...role(rights),
    department_id,
    department_name: `D${department_id}`,
  });

  it('when a right is held through roles in two departments, then the scope is those two', () => {
    const who = subject(
      inDept(4, ['Users.LIST_VIEW']),
      inDept(7, ['Users.LIST_VIEW', 'Users.ADD']),
      inDept(9, ['Roles.LIST_VIEW']),
    );
    const scope = departmentScope(who, 'Users', 'LIST_VIEW');
    expect(scope).toEqual([4, 7]);
    expect(departmentScope(who, 'Users', 'ADD')).toEqual([7]);
    expect(inScope(scope, 7)).toBe(true);
    expect(inScope(scope, 9)).toBe(false);
  });

  it('when the subject is a default administrator, then the scope is every department', () => {
    expect(departmentScope(admin, 'Documents', 'DELETE')).toBe('all');
    expect(inScope('all', 12345)).toBe(true);
  });

  it('when the right is held nowhere, then the scope is empty', () => {
    expect(departmentScope(nobody, 'Users', 'LIST_VIEW')).toEqual([]);
  });
});
