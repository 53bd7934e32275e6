/**
 * Refusals of the identity area, worded once. Status choice: 403 when the actor may not do it
 * (escalation, own account), 409 when the state of the data forbids it for anyone (last admin,
 * something still in use, a taken name), 400 for input that cannot be right, 404 for a user or role
 * the actor cannot see (outside their departments: the answer does not reveal it exists).
 */
import { AppError } from '../../http/app-error';

export const identityErrors = {
  escalation: (message: string) => new AppError(403, 'PRIVILEGE_ESCALATION', message),
  selfModification: (message: string) => new AppError(403, 'SELF_MODIFICATION', message),
  lastDefaultAdmin: (message: string) => new AppError(409, 'LAST_DEFAULT_ADMIN', message),
  nameTaken: (message: string) => new AppError(409, 'NAME_TAKEN', message),
  departmentInUse: (message: string) => new AppError(409, 'DEPARTMENT_IN_USE', message),
  /** SOP documents (archived too) or checklists are filed under the department. */
  departmentHasSops: (message: string) => new AppError(409, 'DEPARTMENT_HAS_SOPS', message),
  roleInUse: (message: string) => new AppError(409, 'ROLE_IN_USE', message),
  conflict: (message: string) => new AppError(409, 'CONFLICT', message),
  /** A field of the request names something that does not exist or cannot be combined. */
  invalidField: (path: string, i18nKey: string, message: string) =>
    new AppError(400, 'VALIDATION_ERROR', message, { fields: [{ path, message: i18nKey }] }),
  userNotFound: () => new AppError(404, 'NOT_FOUND', 'No such user in your departments.'),
  roleNotFound: () => new AppError(404, 'NOT_FOUND', 'No such role in your departments.'),
  departmentNotFound: () => new AppError(404, 'NOT_FOUND', 'No such department.'),
  historyEntryNotFound: () =>
    new AppError(404, 'NOT_FOUND', 'This history entry does not exist for this record.'),
};
