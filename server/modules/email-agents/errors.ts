/** The answers of the e-mail agent area, worded once. */
import { AppError, errors } from '../../http/app-error';

export const emailErrors = {
  notFound: () => errors.notFound('No such e-mail account in your departments.'),
  messageNotFound: () => errors.notFound('No such message in this mailbox.'),
  draftNotFound: () => errors.notFound('No such draft.'),
  attachmentNotKept: () =>
    errors.notFound('This attachment was over 10 MB; it is listed, but its content was not kept.'),
  draftClosed: () => new AppError(409, 'CONFLICT', 'This draft was already sent or discarded.'),
  emailTaken: () =>
    new AppError(409, 'CONFLICT', 'An e-mail account with this address exists already.', {
      fields: [{ path: 'email', message: 'email:validation.emailTaken' }],
    }),
  passwordRequired: () =>
    errors.validation('Enter the mailbox password.', [
      { path: 'password', message: 'validation:required' },
    ]),
  /** A stored password is never sent to a destination other than the one it was stored with. */
  passwordForNewDestination: (changed: readonly string[]) =>
    new AppError(
      422,
      'VALIDATION_ERROR',
      `Enter the mailbox password again: ${changed.join(', ')} changed, and the stored password is only sent where it was entered for.`,
      { fields: [{ path: 'password', message: 'email:validation.passwordForNewDestination' }] },
    ),
  unknownDepartments: (ids: readonly number[]) =>
    errors.validation(`No department has the id ${ids.join(', ')}.`, [
      { path: 'knowledge_departments', message: 'validation:unknownDepartment' },
    ]),
  unknownDepartment: () =>
    errors.validation('This department does not exist.', [
      { path: 'department_id', message: 'validation:unknownDepartment' },
    ]),
  departmentForbidden: () =>
    errors.forbidden('You may only keep e-mail accounts in departments where you hold the right.'),
  knowledgeForbidden: (ids: readonly number[]) =>
    errors.forbidden(
      `Drafts may only answer from departments where you hold Email_agent rights and may query the documents (not: ${ids.join(', ')}).`,
    ),
  /** The mail server refused or could not be reached; the message says which and why. */
  sendFailed: (why: string) =>
    new AppError(502, 'INTERNAL_ERROR', `The SMTP server did not take the message: ${why}`),
  inactive: () =>
    new AppError(409, 'CONFLICT', 'This e-mail account is switched off. Switch it on first.'),
};
