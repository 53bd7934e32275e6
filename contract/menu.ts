/**
 * SPEC §6 menu visibility as a table: each entry has the rule that shows it, evaluated by
 * access.ts like every route rule, and a group shows when one of its entries does. The SPA's
 * nav registry names its items by these keys.
 */
import { evaluate, isTrialUser, rules, type Rule } from './access';
import type { AccessSubject } from './profile';

const { open, admin, emailOnly, perm, any, all, not } = rules;

/** Email-only profiles (SPEC §6) see Dashboard, Profile and Email and nothing else. */
const staff = (rule: Rule) => all(not(emailOnly), rule);

export const MENU = [
  { key: 'dashboard', rule: any(emailOnly, perm('Query', 'QUERY_DOCUMENT')) },
  // The knowledge assistant (/chat): its route is open (SPEC §6), but only people who may query
  // get an answer, so only they are shown the way there.
  { key: 'assistant', rule: perm('Query', 'QUERY_DOCUMENT') },
  { key: 'profile', rule: open },
  { key: 'userManagement', group: ['users', 'department', 'roles'] },
  { key: 'users', rule: perm('Users', 'LIST_VIEW') },
  { key: 'department', rule: admin },
  { key: 'roles', rule: perm('Roles', 'LIST_VIEW') },
  { key: 'email', rule: emailOnly },
  { key: 'content', group: ['upload', 'repository'] },
  { key: 'upload', rule: perm('Documents', 'ADD') },
  { key: 'repository', rule: perm('Documents', 'LIST_VIEW') },
  { key: 'sopRepository', rule: perm('Sop', 'LIST_VIEW') },
  {
    key: 'integrations',
    rule: staff(any(admin, perm('Service_agent', 'LIST_VIEW'), perm('Email_agent', 'LIST_VIEW'))),
  },
  { key: 'helpdesk', rule: perm('Helpdesk', 'LIST_VIEW') },
  { key: 'reports', group: ['analytics', 'sentiment'] },
  // Reports rights as SPEC §6 reads them (Reports.VIEW implies the others but DOWNLOAD).
  { key: 'analytics', rule: perm('Reports', 'LIST_VIEW') },
  { key: 'sentiment', rule: perm('Reports', 'LIST_VIEW') },
] as const satisfies readonly ({ key: string; rule: Rule } | { key: string; group: string[] })[];

export type MenuKey = (typeof MENU)[number]['key'];
export const MENU_KEYS: readonly MenuKey[] = MENU.map((entry) => entry.key);

export function visibleMenuKeys(subject: AccessSubject): Set<MenuKey> {
  const shown = new Set<MenuKey>();
  for (const entry of MENU)
    if ('rule' in entry && evaluate(entry.rule, subject)) shown.add(entry.key);
  for (const entry of MENU)
    if ('group' in entry && entry.group.some((key) => shown.has(key as MenuKey)))
      shown.add(entry.key);
  return shown;
}

/** Trial users see Integrations as 'Chatbot', pointing to /integration/chatbot (SPEC §2). */
export function integrationsIsChatbot(subject: AccessSubject): boolean {
  return !subject.is_defaultadmin && isTrialUser(subject);
}
