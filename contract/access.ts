/**
 * The one rule module (SPEC §6): route access and menu visibility, used by the SPA's guard
 * loaders, its sidebar and dashboard, and by the server's permissions plugin.
 */
import { ACTIONS, type ActionFlags, type ActionName, type ModuleName } from './permissions';
import type { AccessSubject } from './profile';

export type Rule =
  | { kind: 'open' }
  | { kind: 'admin' }
  | { kind: 'perm'; module: ModuleName; action: ActionName }
  | { kind: 'any'; rules: Rule[] }
  | { kind: 'all'; rules: Rule[] }
  | { kind: 'not'; rule: Rule }
  | { kind: 'emailOnly' };

export const rules = {
  open: { kind: 'open' } as Rule,
  admin: { kind: 'admin' } as Rule,
  emailOnly: { kind: 'emailOnly' } as Rule,
  perm: (module: ModuleName, action: ActionName): Rule => ({ kind: 'perm', module, action }),
  any: (...list: Rule[]): Rule => ({ kind: 'any', rules: list }),
  all: (...list: Rule[]): Rule => ({ kind: 'all', rules: list }),
  not: (rule: Rule): Rule => ({ kind: 'not', rule }),
};

/** Rights of one module, OR-ed across all the subject's role entries. */
function moduleRights(subject: AccessSubject, module: ModuleName): ActionFlags {
  const flags = Object.fromEntries(ACTIONS.map((a) => [a, false])) as ActionFlags;
  for (const entry of subject.permissions) {
    for (const actions of entry.actions) {
      if (actions.module_name !== module) continue;
      for (const a of ACTIONS) if (actions[a]) flags[a] = true;
    }
  }
  return flags;
}

/**
 * Reports rights as the menu reads them (SPEC §6): everything for the default admin; with
 * Reports.VIEW every right except DOWNLOAD; otherwise the rights as given.
 */
export function reportsRights(subject: AccessSubject): ActionFlags {
  const given = moduleRights(subject, 'Reports');
  if (subject.is_defaultadmin)
    return Object.fromEntries(ACTIONS.map((a) => [a, true])) as ActionFlags;
  if (given.VIEW)
    return Object.fromEntries(ACTIONS.map((a) => [a, a !== 'DOWNLOAD'])) as ActionFlags;
  return given;
}

export function hasPermission(
  subject: AccessSubject,
  module: ModuleName,
  action: ActionName,
): boolean {
  if (subject.is_defaultadmin) return true;
  if (module === 'Reports') return reportsRights(subject)[action];
  return moduleRights(subject, module)[action];
}

const EMAIL_ONLY_ACTIONS: ActionName[] = ['UPDATE', 'VIEW', 'LIST_VIEW', 'ANALYTICS'];

/**
 * Email-only profile (SPEC §6): Email_agent has exactly UPDATE, VIEW, LIST_VIEW and ANALYTICS
 * and every other module has no rights. Such users see only Dashboard, Profile and Email.
 */
export function isEmailOnlyProfile(subject: AccessSubject): boolean {
  if (subject.is_defaultadmin) return false;
  const modules = new Set<ModuleName>();
  for (const entry of subject.permissions)
    for (const a of entry.actions) if (ACTIONS.some((x) => a[x])) modules.add(a.module_name);
  if (modules.size !== 1 || !modules.has('Email_agent')) return false;
  const email = moduleRights(subject, 'Email_agent');
  return ACTIONS.every((a) => email[a] === EMAIL_ONLY_ACTIONS.includes(a));
}

export function isTrialUser(subject: AccessSubject): boolean {
  return subject.permissions.some((p) => p.role_name === 'Trial');
}

/** role_id 3 is the helpdesk role (SPEC §1, §6): such users are sent to the helpdesk site. */
export const HELPDESK_ROLE_ID = 3;
export function isHelpdeskUser(subject: AccessSubject): boolean {
  return subject.permissions.some((p) => p.role_id === HELPDESK_ROLE_ID);
}

export function evaluate(rule: Rule, subject: AccessSubject): boolean {
  switch (rule.kind) {
    case 'open':
      return true;
    case 'admin':
      return subject.is_defaultadmin;
    case 'perm':
      return hasPermission(subject, rule.module, rule.action);
    case 'any':
      return rule.rules.some((r) => evaluate(r, subject));
    case 'all':
      return rule.rules.every((r) => evaluate(r, subject));
    case 'not':
      return !evaluate(rule.rule, subject);
    case 'emailOnly':
      return isEmailOnlyProfile(subject);
  }
}

/** Route access: widget sessions skip the checks (SPEC §6). */
export function canAccess(rule: Rule, subject: AccessSubject): boolean {
  if (subject.isWidget) return true;
  return evaluate(rule, subject);
}

/** Where a right counts: every department, or the listed department ids. */
export type DepartmentScope = 'all' | number[];

/**
 * Department scope (SPEC §6, per department): the departments where the subject holds
 * module.action through a role assigned there; 'all' for a default administrator. The one
 * definition used by server services, the SPA's guards and its forms.
 */
export function departmentScope(
  subject: AccessSubject,
  module: ModuleName,
  action: ActionName,
): DepartmentScope {
  if (subject.is_defaultadmin) return 'all';
  const ids = new Set<number>();
  for (const entry of subject.permissions)
    if (entry.actions.some((a) => a.module_name === module && a[action]))
      ids.add(entry.department_id);
  return [...ids];
}

export function inScope(scope: DepartmentScope, departmentId: number): boolean {
  return scope === 'all' || scope.includes(departmentId);
}
