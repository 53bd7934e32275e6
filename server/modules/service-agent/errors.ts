/**
 * The answers of the chat widget area, worded once. Visitors read these in the widget (the SPA
 * translates them by code), so they speak to a visitor, not to an administrator.
 */
import { AppError, errors } from '../../http/app-error';

export const widgetErrors = {
  notFound: () => errors.notFound('No such chat widget in your departments.'),
  keyInvalid: () =>
    new AppError(
      401,
      'WIDGET_KEY_INVALID',
      'This chat is not set up correctly: its key is unknown. Please let the website owner know.',
    ),
  disabled: () =>
    new AppError(
      403,
      'WIDGET_DISABLED',
      'This chat is switched off at the moment. Please try again later.',
    ),
  originNotAllowed: () =>
    new AppError(403, 'ORIGIN_NOT_ALLOWED', 'This chat is not available on this website.'),
  hostMissing: () =>
    new AppError(
      403,
      'ORIGIN_NOT_ALLOWED',
      'This chat must be opened from the website it is embedded in.',
    ),
  /** A visitor token on any call but the visitor's own. */
  visitorForbidden: () =>
    new AppError(403, 'VISITOR_FORBIDDEN', 'A chat visitor may only use the chat.'),
  /** A user token on a visitor's call. */
  visitorsOnly: () => errors.forbidden('Only a visitor of a chat widget may call this.'),
  sessionEnded: () =>
    new AppError(401, 'SESSION_EXPIRED', 'This chat session has ended. Please reload the chat.'),
  rateLimited: (seconds: number) =>
    new AppError(
      429,
      'RATE_LIMITED',
      `Too many messages in a short time. Please wait ${seconds} second(s) and try again.`,
      { retry_after: seconds },
    ),
  quotaExceeded: (seconds: number) =>
    new AppError(
      429,
      'QUOTA_EXCEEDED',
      'This chat has answered all the questions it may answer today. Please come back tomorrow.',
      { retry_after: seconds },
    ),
  /** Target areas whose knowledge the actor may not publish. */
  areasForbidden: (ids: readonly number[]) =>
    errors.forbidden(
      `You may only answer from departments where you hold Service_agent rights and may query the documents (not: ${ids.join(', ')}).`,
    ),
  unknownDepartments: (ids: readonly number[]) =>
    errors.validation(`No department has the id ${ids.join(', ')}.`, [
      { path: 'target_areas', message: 'validation:unknownDepartment' },
    ]),
};
