import { z } from 'zod';
import { ACTIONS, MODULES, type ActionEntry } from './permissions';

const actionEntrySchema = z.object({
  module_name: z.enum(MODULES),
  ...Object.fromEntries(ACTIONS.map((a) => [a, z.boolean()])),
}) as unknown as z.ZodType<ActionEntry>;

/** One role assignment of the signed-in user (SPEC §3 "User profile" permission entry). */
export const permissionEntrySchema = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  department_id: z.number().int(),
  department_name: z.string(),
  actions: z.array(actionEntrySchema),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

export const userProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(['active', 'disabled']),
  is_verified: z.boolean(),
  is_defaultadmin: z.boolean(),
  permissions: z.array(permissionEntrySchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What the access rules need to know about whoever is signed in. */
export interface AccessSubject {
  is_defaultadmin: boolean;
  permissions: readonly PermissionEntry[];
  /** Widget visitors (widgetToken cookie) skip route checks (SPEC §6). */
  isWidget?: boolean;
}
