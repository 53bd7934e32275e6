/** The one error type services throw; the errors plugin turns it into `{ message, code }`. */
import type { ErrorCode } from '../../contract/errors';

interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fields?: FieldError[]; retry_after?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (message: string, fields?: FieldError[]) =>
    new AppError(400, 'VALIDATION_ERROR', message, { fields }),
  unauthorized: (message = 'Authentication required.') =>
    new AppError(401, 'UNAUTHORIZED', message),
  sessionExpired: () =>
    new AppError(401, 'SESSION_EXPIRED', 'Your session has ended. Please sign in again.'),
  forbidden: (message = 'You do not have permission to do this.') =>
    new AppError(403, 'FORBIDDEN', message),
  notFound: (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message),
};
