/** The answers of the auth area, worded once. */
import { AppError } from '../../http/app-error';

export const authErrors = {
  invalidCredentials: () =>
    new AppError(401, 'INVALID_CREDENTIALS', 'The e-mail address or password is incorrect.'),
  disabled: () =>
    new AppError(
      403,
      'ACCOUNT_DISABLED',
      'This account is disabled. Please contact your administrator.',
    ),
  notVerified: () =>
    new AppError(
      403,
      'EMAIL_NOT_VERIFIED',
      'Your e-mail address is not verified yet. Follow the link in the verification mail, or ask for a new mail to be sent.',
    ),
  emailTaken: () =>
    new AppError(409, 'EMAIL_TAKEN', 'An account with this e-mail address already exists.'),
  usernameTaken: () => new AppError(409, 'USERNAME_TAKEN', 'This username is already taken.'),
  tokenInvalid: () =>
    new AppError(400, 'TOKEN_INVALID', 'This link is not valid. Please ask for a new one.'),
  tokenExpired: () =>
    new AppError(410, 'TOKEN_EXPIRED', 'This link has expired. Please ask for a new one.'),
  tokenUsed: () => new AppError(410, 'TOKEN_USED', 'This link has already been used.'),
  wrongPassword: () => new AppError(400, 'WRONG_PASSWORD', 'The current password is incorrect.'),
};
