/**
 * Users, departments and roles (SPEC §2, §3, §7 Users/Departments/Roles).
 * SPEC does not show payload shapes; these are ours. Decisions:
 * - Every list answers the paged shape `{ items, total, page, size }`; `type=all` answers every
 *   row in that same shape (page 1, size = total) so clients need one reader.
 * - A role carries both `id` and `role_id` (SPEC §3 names role_id) with the same value.
 * - A user belongs to departments through assignments (department, role). `department_id: null`
 *   on a role means the role may be assigned in any department.
 */
import { z } from 'zod';
import { emailField, nameField, usernameField } from './auth';
import { pagedSchema, pageQuerySchema, sortField } from './paging';
import { ACTIONS, MODULES, PERMISSION_CATALOGUE } from './permissions';
import { patterns } from './validation';

const KNOWN_PERMISSION_IDS = new Set(PERMISSION_CATALOGUE.map((p) => p.id));

/**
 * A description is prose ("Follow-up of refunds; see the handbook"), so it takes ordinary
 * punctuation, hyphens included, and line breaks; only control characters are refused. SPEC §5's
 * "Free text" rule (no < > / ; = \ or hyphen) names no field, and applied here it refused
 * everyday words such as "Follow-up"; React escapes what it shows, so markup is harmless text.
 * Names keep their own rules (nameLike, alphanumeric).
 */
const descriptionField = z
  .string()
  .trim()
  .max(500, 'validation:tooLong')
  .regex(patterns.plainMultiline, 'validation:plainText');

const roleNameField = z
  .string()
  .trim()
  .min(2, 'validation:tooShort')
  .max(64, 'validation:tooLong')
  .regex(patterns.alphanumeric, 'validation:alphanumeric');

const departmentNameField = z
  .string()
  .trim()
  .min(2, 'validation:tooShort')
  .max(64, 'validation:tooLong')
  .regex(patterns.nameLike, 'validation:nameLike');

export const permissionSetField = z
  // Users.VIEW and Users.LIST_VIEW: a catalogue id means one right (permissions.ts).
  .array(z.number().int())
  .meta({ example: [3, 4] })
  .max(PERMISSION_CATALOGUE.length)
  .refine((ids) => ids.every((id) => KNOWN_PERMISSION_IDS.has(id)), 'validation:unknownPermission')
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

export const actorSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();
export type Actor = z.infer<typeof actorSchema>;

// ---------------------------------------------------------------- departments

export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  user_count: z.number().int(),
  role_count: z.number().int(),
  /**
   * What else holds the department (a delete is refused while anything does): knowledge
   * documents, SOP documents (archived too) and checklists. Optional, so a console talking to a
   * server without them still works and learns of a refusal from the 409.
   */
  document_count: z.number().int().optional(),
  sop_document_count: z.number().int().optional(),
  checklist_count: z.number().int().optional(),
  /** The department self-registered users are placed in (General): it cannot be deleted. */
  is_default: z.boolean().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentInputSchema = z.object({
  name: departmentNameField,
  description: descriptionField.default(''),
});
export type DepartmentInput = z.input<typeof departmentInputSchema>;

const listTypeSchema = z.enum(['paginated', 'all']).default('paginated');

/** Columns the departments list sorts by (`sort`, our addition). */
export const DEPARTMENT_SORTS = ['name', 'updated'] as const;
export type DepartmentSort = (typeof DEPARTMENT_SORTS)[number];

export const departmentsQuerySchema = pageQuerySchema.extend({
  type: listTypeSchema,
  sort: sortField(DEPARTMENT_SORTS),
});
export type DepartmentsQuery = z.input<typeof departmentsQuerySchema>;

// ---------------------------------------------------------------------- roles

export const roleSchema = z.object({
  id: z.number().int(),
  role_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  permission_set: z.array(z.number().int()),
  user_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: actorSchema,
  updated_by: actorSchema,
});
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z.object({
  name: roleNameField,
  description: descriptionField.default(''),
  department_id: z.number().int().nullable(),
  permission_set: permissionSetField,
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** Columns the roles list sorts by (`sort`, our addition). */
export const ROLE_SORTS = ['name', 'updated'] as const;
export type RoleSort = (typeof ROLE_SORTS)[number];

export const rolesQuerySchema = pageQuerySchema.extend({
  type: listTypeSchema,
  department_id: z.coerce.number().int().optional(),
  sort: sortField(ROLE_SORTS),
});
export type RolesQuery = z.input<typeof rolesQuerySchema>;

/** GET /roles/types/{type}/action/{action}: `type` is a module name. */
export const rolesByActionParamsSchema = z.object({
  type: z.enum(MODULES),
  action: z.enum(ACTIONS),
});

export const roleSnapshotSchema = z.object({
  name: z.string(),
  description: z.string(),
  department_id: z.number().int().nullable(),
  permission_set: z.array(z.number().int()),
});
export type RoleSnapshot = z.infer<typeof roleSnapshotSchema>;

export const historyActionSchema = z.enum(['create', 'update', 'delete', 'restore']);
export type HistoryAction = z.infer<typeof historyActionSchema>;

export const roleHistoryEntrySchema = z.object({
  id: z.number().int(),
  role_id: z.number().int(),
  action: historyActionSchema,
  changed_by: actorSchema,
  changed_at: z.string(),
  /** For restores: the entry whose version was brought back. */
  restored_from: z.number().int().nullable(),
  changes: z.object({
    /** null on create. */
    old_permission_set: z.array(z.number().int()).nullable(),
    /** null on delete. */
    permission_set: z.array(z.number().int()).nullable(),
    old: roleSnapshotSchema.nullable(),
    new: roleSnapshotSchema.nullable(),
  }),
});
export type RoleHistoryEntry = z.infer<typeof roleHistoryEntrySchema>;

// ---------------------------------------------------------------------- users

export const assignmentInputSchema = z.object({
  department_id: z.number().int(),
  role_id: z.number().int(),
});
export type AssignmentInput = z.infer<typeof assignmentInputSchema>;

export const assignmentSchema = assignmentInputSchema.extend({
  department_name: z.string(),
  role_name: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

const userStatusSchema = z.enum(['active', 'disabled']);

export const managedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: userStatusSchema,
  is_verified: z.boolean(),
  is_defaultadmin: z.boolean(),
  assignments: z.array(assignmentSchema),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: actorSchema,
  updated_by: actorSchema,
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

const uniqueAssignments = (list: AssignmentInput[]) =>
  new Set(list.map((a) => `${a.department_id}:${a.role_id}`)).size === list.length;

const assignmentsField = z
  .array(assignmentInputSchema)
  .max(50)
  .refine(uniqueAssignments, 'validation:duplicateAssignment');

export const userCreateSchema = z.object({
  username: usernameField,
  email: emailField,
  first_name: nameField,
  last_name: nameField,
  status: userStatusSchema.default('active'),
  is_defaultadmin: z.boolean().default(false),
  assignments: assignmentsField,
  /** The invitation mail's language: the inviter's console language; English when unset or unknown. */
  lng: z.string().max(35).optional(),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/**
 * PUT /users/update/{userId} and PUT /users/{id}: any subset of the fields; what is left out
 * stays as it is. Built without the create defaults on purpose: `userCreateSchema.partial()`
 * would still fill in status 'active' and is_defaultadmin false for absent keys (zod 4), so a
 * rename would re-enable a disabled user and demote an administrator.
 */
export const userUpdateSchema = z
  .object({
    username: usernameField,
    email: emailField,
    first_name: nameField,
    last_name: nameField,
    status: userStatusSchema,
    is_defaultadmin: z.boolean(),
    assignments: assignmentsField,
  })
  .partial();
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** Columns the users list sorts by (`sort`, our addition); name is first name, then last. */
export const USER_SORTS = ['name', 'email', 'status'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const usersQuerySchema = pageQuerySchema.extend({
  department_name: z.string().trim().max(64).optional(),
  status: userStatusSchema.optional(),
  sort: sortField(USER_SORTS),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

export const userSnapshotSchema = z.object({
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: userStatusSchema,
  is_defaultadmin: z.boolean(),
  assignments: z.array(assignmentSchema),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

export const userHistoryEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  action: historyActionSchema,
  changed_by: actorSchema,
  changed_at: z.string(),
  restored_from: z.number().int().nullable(),
  changes: z.object({ old: userSnapshotSchema.nullable(), new: userSnapshotSchema.nullable() }),
});
export type UserHistoryEntry = z.infer<typeof userHistoryEntrySchema>;

// ------------------------------------------------------------- answer shapes
// Additive only: clients written against the earlier shapes keep working.

export const departmentPageSchema = pagedSchema(departmentSchema);
export const rolePageSchema = pagedSchema(roleSchema);
export const managedUserPageSchema = pagedSchema(managedUserSchema);
/** GET /users/history/{id} and GET /roles/{id}/history: newest first, paged (default 1, 100). */
export const userHistoryPageSchema = pagedSchema(userHistoryEntrySchema);
export const roleHistoryPageSchema = pagedSchema(roleHistoryEntrySchema);
export const historyQuerySchema = pageQuerySchema.omit({ search: true });

/** GET /users/{email} and POST /users/forgot-password/{email}: a user by address. */
export const userEmailParamsSchema = z.object({ email: emailField });
