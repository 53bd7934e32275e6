/** The user form's values and how they become the API's bodies (POST, or PUT of what changed). */
import {
  userCreateSchema,
  userUpdateSchema,
  type AssignmentInput,
  type ManagedUser,
  type Role,
  type UserCreateInput,
} from '@contract/identity';
import { validateWith, type FieldErrors } from '@/lib/form-errors';
import { newDraftKey, type AssignmentDraft } from './assignments-editor';

/** Refusals that concern one part of the form; they are shown beside it. */
export const CODE_FIELDS = {
  PRIVILEGE_ESCALATION: 'assignments',
  SELF_MODIFICATION: 'assignments',
  LAST_DEFAULT_ADMIN: 'status',
};

export type TextField = 'username' | 'first_name' | 'last_name' | 'email';

export interface UserValues extends Record<TextField, string> {
  status: 'active' | 'disabled';
  is_defaultadmin: boolean;
  assignments: AssignmentDraft[];
}

function toDrafts(user?: ManagedUser): AssignmentDraft[] {
  return (user?.assignments ?? []).map((a) => ({
    key: newDraftKey(),
    department: String(a.department_id),
    role: String(a.role_id),
  }));
}

const sameAssignments = (a: AssignmentInput[], b: AssignmentInput[]) => {
  const key = (x: AssignmentInput) => `${x.department_id}:${x.role_id}`;
  const left = a.map(key).sort().join(',');
  return left === b.map(key).sort().join(',');
};

/** A role known only from an assignment: enough to show and keep it. */
export function knownRole(id: number, name: string, departmentId: number): Role {
  return {
    id,
    role_id: id,
    name,
    description: '',
    department_id: departmentId,
    department_name: null,
    permission_set: [],
    user_count: 0,
    created_at: '',
    updated_at: '',
    created_by: null,
    updated_by: null,
  };
}

export function initialValues(user?: ManagedUser): UserValues {
  return {
    username: user?.username ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    status: user?.status ?? 'active',
    is_defaultadmin: user?.is_defaultadmin ?? false,
    assignments: toDrafts(user),
  };
}

export function collect(values: UserValues): {
  body: UserCreateInput | null;
  errors: FieldErrors;
} {
  const found: FieldErrors = {};
  if (values.assignments.some((a) => !a.department || !a.role))
    found.assignments = 'users:assignment.incomplete';
  const candidate: UserCreateInput = {
    username: values.username,
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    status: values.status,
    is_defaultadmin: values.is_defaultadmin,
    assignments: values.assignments
      .filter((a) => a.department && a.role)
      .map((a) => ({ department_id: Number(a.department), role_id: Number(a.role) })),
  };
  const checked = validateWith(userCreateSchema, candidate);
  return { body: checked.data, errors: { ...checked.errors, ...found } };
}

/** Only what changed goes to PUT, so an unchanged part is never refused (own assignments). */
export function changesOf(body: UserCreateInput, original: ManagedUser) {
  const diff: Record<string, unknown> = {};
  for (const k of ['username', 'first_name', 'last_name', 'email', 'status'] as const)
    if (body[k] !== original[k]) diff[k] = body[k];
  if (body.is_defaultadmin !== original.is_defaultadmin)
    diff.is_defaultadmin = body.is_defaultadmin;
  if (!sameAssignments(body.assignments, original.assignments)) diff.assignments = body.assignments;
  return validateWith(userUpdateSchema, diff).data ?? diff;
}
