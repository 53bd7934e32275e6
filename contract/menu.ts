/**
 * SPEC §6 menu visibility. The SPA's nav registry names each item by one of these keys; this
 * module decides which are visible and how the Trial role renames Integrations.
 */
import {
  hasPermission,
  isEmailOnlyProfile,
  isTrialUser,
  moduleRights,
  reportsRights,
} from './access';
import type { AccessSubject } from './profile';

export const MENU_KEYS = [
  'dashboard',
  'profile',
  'userManagement',
  'users',
  'department',
  'roles',
  'email',
  'content',
  'upload',
  'repository',
  'sopRepository',
  'integrations',
  'helpdesk',
  'reports',
  'analytics',
  'sentiment',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

export function visibleMenuKeys(subject: AccessSubject): Set<MenuKey> {
  if (isEmailOnlyProfile(subject)) return new Set<MenuKey>(['dashboard', 'profile', 'email']);
  const admin = subject.is_defaultadmin;
  const can = hasPermission.bind(null, subject);
  const shown = new Set<MenuKey>(['profile']);
  const add = (key: MenuKey, when: boolean) => when && shown.add(key);

  add('dashboard', can('Query', 'QUERY_DOCUMENT'));
  add('users', can('Users', 'LIST_VIEW'));
  add('department', admin);
  add('roles', can('Roles', 'LIST_VIEW'));
  add('userManagement', admin || can('Users', 'LIST_VIEW') || can('Roles', 'LIST_VIEW'));
  add('upload', can('Documents', 'ADD'));
  add('repository', can('Documents', 'LIST_VIEW'));
  add('content', shown.has('upload') || shown.has('repository'));
  add('sopRepository', can('Sop', 'LIST_VIEW'));
  add(
    'integrations',
    admin ||
      moduleRights(subject, 'Service_agent').LIST_VIEW ||
      moduleRights(subject, 'Email_agent').LIST_VIEW,
  );
  add('helpdesk', can('Helpdesk', 'LIST_VIEW'));
  const reports = reportsRights(subject);
  add('analytics', reports.LIST_VIEW);
  add('sentiment', reports.LIST_VIEW);
  add('reports', shown.has('analytics') || shown.has('sentiment'));
  return shown;
}

/** Trial users see Integrations as 'Chatbot', pointing to /integration/chatbot (SPEC §2). */
export function integrationsIsChatbot(subject: AccessSubject): boolean {
  return !subject.is_defaultadmin && isTrialUser(subject);
}
