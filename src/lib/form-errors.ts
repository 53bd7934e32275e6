/**
 * Form validation with the contract's zod schemas. Error messages are i18n keys
 * ('validation:email', 'errors:codes.EMAIL_TAKEN'); pages translate them when rendering.
 */
import type { ZodType } from 'zod';
import type { ApiErrorData } from './http';

export type FieldErrors = Record<string, string>;

type Validation<T> = { data: T; errors: null } | { data: null; errors: FieldErrors };

/** The first message of each failing field, keyed by its top-level path. */
export function validateWith<T>(schema: ZodType<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { data: null, errors };
}

/** Codes that belong to one field of the form rather than to the whole request. */
const CODE_FIELDS: Record<string, string> = {
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  WRONG_PASSWORD: 'old_password',
};

/**
 * Server validation errors placed beside their fields (contract ApiErrorBody.fields). A form may
 * name more codes that concern one of its fields (`{ NAME_TAKEN: 'name' }`).
 */
export function serverFieldErrors(
  error: ApiErrorData,
  codeFields: Record<string, string> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of error.fields) {
    const key = f.path.split('.')[0];
    if (key && !errors[key]) errors[key] = f.message;
  }
  const field = codeFields[error.code] ?? CODE_FIELDS[error.code];
  if (field && !errors[field]) errors[field] = `errors:codes.${error.code}`;
  return errors;
}
