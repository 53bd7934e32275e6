/** The answers of the helpdesk area, worded once. */
import { AppError, errors } from '../../http/app-error';

export const helpdeskErrors = {
  notFound: () => errors.notFound('No such helpdesk in your departments.'),
  agentNotFound: () => errors.notFound('No such helpdesk agent in your departments.'),
  userNotFound: () => errors.notFound('No such user in your departments.'),
  /** A visible agent whose account the actor may not change (users/rules.ts). */
  userNotManaged: () =>
    errors.forbidden(
      'You may give or take the Helpdesk role only to people whose accounts you may manage (Users.UPDATE in every department they belong to, no right you lack).',
    ),
  unknownDepartments: (ids: readonly number[]) =>
    errors.validation(`No department has the id ${ids.join(', ')}.`, [
      { path: 'departments', message: 'validation:unknownDepartment' },
    ]),
  departmentsForbidden: (ids: readonly number[]) =>
    errors.forbidden(
      `You may only connect a helpdesk to departments where you hold the Helpdesk right (not: ${ids.join(', ')}).`,
    ),
  agentExists: () =>
    new AppError(409, 'CONFLICT', 'This user is already a helpdesk agent in this department.'),
  adminExists: () =>
    new AppError(409, 'CONFLICT', 'This user is already a helpdesk administrator.'),
  /** No active helpdesk serves the person: the SPA says so instead of opening anything. */
  notConfigured: () =>
    new AppError(
      404,
      'HELPDESK_NOT_CONFIGURED',
      'No helpdesk is set up for your departments yet. Please ask your administrator.',
    ),
  /** The site's call at /helpdesk/exchange without a valid signing secret. */
  siteUnauthorized: () =>
    new AppError(401, 'UNAUTHORIZED', 'A valid helpdesk signing secret is required.'),
  ticketNotFound: () => errors.notFound('No such ticket in your departments.'),
  /** A widget visitor's call about their ticket when their conversation has none. */
  visitorNoTicket: () => errors.notFound('This conversation has not been handed to people.'),
  ticketWaiting: () =>
    new AppError(
      409,
      'TICKET_WAITING',
      'This ticket waits for a helpdesk serving its departments: there is nothing to send yet.',
    ),
  ticketDelivered: () =>
    new AppError(
      409,
      'TICKET_DELIVERED',
      'The helpdesk has already received this ticket: there is nothing to send again.',
    ),
  /** Unknown, used, expired or another helpdesk's token: one answer for all of them. */
  tokenRefused: () =>
    new AppError(401, 'TOKEN_INVALID', 'This hand-off token is unknown, already used or expired.'),
};
