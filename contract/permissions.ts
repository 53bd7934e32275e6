/**
 * The permission catalogue (SPEC §3): 9 modules × 8 actions. Each (module, action) pair has a
 * stable numeric id, `moduleIndex * 8 + actionIndex + 1`, so ids never change when the catalogue
 * is rendered in another order. Roles store `permission_set` as a list of these ids.
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

export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = MODULES.flatMap(
  (module_name) =>
    ACTIONS.map((action) => ({ id: permissionId(module_name, action), module_name, action })),
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

export function allIdsOfModule(module: ModuleName): number[] {
  return ACTIONS.map((a) => permissionId(module, a));
}
