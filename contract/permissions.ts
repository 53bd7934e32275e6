/**
 * The permission catalogue (SPEC §3): 9 modules and 8 actions, of which each module has only the
 * rights something in the product asks for (MODULE_ACTIONS). Each (module, action) pair has a
 * stable numeric id, `moduleIndex * 8 + actionIndex + 1`, so ids never change when the catalogue
 * is rendered in another order or a right is added. Roles store `permission_set` as a list of
 * these ids.
 */
export const MODULES = [
  'Users',
  'Roles',
  'Query',
  'Service_agent',
  'Email_agent',
  'Documents',
  'Sop',
  'Helpdesk',
  'Reports',
] as const;
export type ModuleName = (typeof MODULES)[number];

export const ACTIONS = [
  'ADD',
  'UPDATE',
  'VIEW',
  'LIST_VIEW',
  'DELETE',
  'QUERY_DOCUMENT',
  'ANALYTICS',
  'DOWNLOAD',
] as const;
export type ActionName = (typeof ACTIONS)[number];

/**
 * The rights each module really has: those a route's `needs(...)` or an access rule (SPEC §6
 * route and menu rules, department scopes) asks for. The one source of the catalogue: the role
 * form, the role view and API-key creation offer exactly these, and the server refuses any other
 * id. server/http/module-rights.test.ts fails when a route needs a right missing here, or a right
 * here is needed by nothing.
 */
export const MODULE_ACTIONS: Readonly<Record<ModuleName, readonly ActionName[]>> = {
  Users: ['ADD', 'UPDATE', 'VIEW', 'LIST_VIEW', 'DELETE'],
  Roles: ['ADD', 'UPDATE', 'VIEW', 'LIST_VIEW', 'DELETE'],
  Query: ['QUERY_DOCUMENT'],
  Service_agent: ['ADD', 'UPDATE', 'VIEW', 'LIST_VIEW', 'DELETE'],
  // ANALYTICS: SPEC §6's e-mail-only profile and the mailbox's analytics.
  Email_agent: ['ADD', 'UPDATE', 'VIEW', 'LIST_VIEW', 'DELETE', 'ANALYTICS'],
  Documents: ['ADD', 'UPDATE', 'VIEW', 'LIST_VIEW', 'DELETE'],
  Sop: ['ADD', 'UPDATE', 'LIST_VIEW', 'DELETE', 'DOWNLOAD'],
  Helpdesk: ['ADD', 'UPDATE', 'VIEW', 'LIST_VIEW'],
  Reports: ['UPDATE', 'VIEW', 'LIST_VIEW', 'DOWNLOAD'],
};

export type ActionFlags = Record<ActionName, boolean>;

/** One module's rights inside a permission entry (SPEC §3 "Action entry"). */
export interface ActionEntry extends ActionFlags {
  module_name: ModuleName;
}

export interface PermissionDefinition {
  id: number;
  module_name: ModuleName;
  action: ActionName;
}

export function permissionId(module: ModuleName, action: ActionName): number {
  return MODULES.indexOf(module) * ACTIONS.length + ACTIONS.indexOf(action) + 1;
}

/** Every real right, in module then action order. */
export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = MODULES.flatMap(
  (module_name) =>
    ACTIONS.filter((action) => MODULE_ACTIONS[module_name].includes(action)).map((action) => ({
      id: permissionId(module_name, action),
      module_name,
      action,
    })),
);

const byId = new Map(PERMISSION_CATALOGUE.map((p) => [p.id, p]));

export function permissionById(id: number): PermissionDefinition | undefined {
  return byId.get(id);
}

function emptyFlags(): ActionFlags {
  return Object.fromEntries(ACTIONS.map((a) => [a, false])) as ActionFlags;
}

/** Turns a role's permission_set into one action entry per module (all 9, in catalogue order). */
export function actionsFromPermissionSet(permissionSet: readonly number[]): ActionEntry[] {
  const entries = MODULES.map((module_name) => ({ module_name, ...emptyFlags() }));
  for (const id of permissionSet) {
    const def = byId.get(id);
    if (!def) continue;
    entries[MODULES.indexOf(def.module_name)][def.action] = true;
  }
  return entries;
}

/** Ids for a list of `Module.ACTION` strings; used by seeds and tests. */
export function idsOf(...names: `${ModuleName}.${ActionName}`[]): number[] {
  return names.map((n) => {
    const [m, a] = n.split('.') as [ModuleName, ActionName];
    return permissionId(m, a);
  });
}

/** Every real right of a module. */
export function allIdsOfModule(module: ModuleName): number[] {
  return MODULE_ACTIONS[module].map((a) => permissionId(module, a));
}

/** The ids of a set that are real rights; what a module does not have is dropped. */
export function realRights(ids: readonly number[]): number[] {
  return ids.filter((id) => byId.has(id));
}
