/** Request and response schemas of the auth calls (SPEC §7 Auth, Users/me). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength, patterns } from './validation';

const trimmed = () => z.string().trim();

export const emailField = trimmed()
  .min(1, 'validation:required')
  .max(254, 'validation:tooLong')
  .regex(patterns.email, 'validation:email');

/** A password being set (sign-up, reset, change): ASVS V2.1 length and characters. */
export const passwordField = z
  .string()
  .refine(
    (p) => passwordLength(p) >= PASSWORD_MIN_LENGTH && passwordLength(p) <= PASSWORD_MAX_LENGTH,
    'validation:passwordLength',
  )
  .regex(patterns.passwordLike, 'validation:passwordChars');

export const nameField = trimmed()
  .min(1, 'validation:required')
  .max(64, 'validation:tooLong')
  .regex(patterns.nameLike, 'validation:nameLike');

export const usernameField = trimmed()
  .min(1, 'validation:required')
  .regex(patterns.username, 'validation:username');

export const loginBodySchema = z.object({
  email: emailField,
  // Any non-empty password may be tried; the rules apply when one is set.
  password: z.string().min(1, 'validation:required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** ISO timestamp with zone. */
  expires_at: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const signupBodySchema = z.object({
  username: usernameField,
  first_name: nameField,
  last_name: nameField,
  email: emailField,
  password: passwordField,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const verifyLinkQuerySchema = z.object({
  verify_page_link: z.string().max(2048).optional(),
});

/**
 * `?lng=`: the language the console was showing when the person asked, so that the mail the call
 * sends (verification, "you already have an account", password reset) speaks it too. A query
 * value beside `verify_page_link` rather than a body field because forgot-password and resend
 * have no body: one name for all three. Sent by the SPA rather than read from Accept-Language
 * because the console's language is the person's choice (language menu, ?lng=, cookie) and often
 * differs from the browser's; the server still falls back to Accept-Language, then English.
 * Any short tag is accepted: a regional one ('de-AT') reads as its base language, one the console
 * does not speak as Accept-Language's or English. A sign-up must not fail over the language of its
 * mail (the invitation's `lng` does not either); SUPPORTED_LANGUAGES decides on the server.
 */
const mailLanguageField = z.string().trim().max(35).optional();

/** Sign-up, forgot-password and the two user restores (whose mail is a new invitation). */
export const mailLinkQuerySchema = verifyLinkQuerySchema.extend({ lng: mailLanguageField });

export const resendQuerySchema = z.object({
  email: emailField,
  verify_page_link: z.string().max(2048).optional(),
  lng: mailLanguageField,
});

export const resetPasswordBodySchema = z.object({ password: passwordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z
  .object({
    old_password: z.string().min(1, 'validation:required').max(PASSWORD_MAX_LENGTH),
    new_password: passwordField,
  })
  .refine((b) => b.old_password !== b.new_password, {
    path: ['new_password'],
    message: 'validation:passwordSame',
  })
  .meta({ example: { old_password: 'Old-Pass-123!', new_password: 'Correct-Horse-42!' } });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const updateMeBodySchema = z
  .object({ first_name: nameField, last_name: nameField, username: usernameField })
  .partial()
  .strict();
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

/** Plain acknowledgement for calls whose answer must not reveal anything. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `/verify/{token}` and `/verify/reset/{token}`: the token of a mailed link. */
export const tokenParamsSchema = z.object({ token: z.string().min(1).max(256) });
/** GET /verify/{token} and GET /verify/reset/{token}. */
export const tokenCheckResponseSchema = z.object({
  message: z.string(),
  email: z.string().optional(),
  /**
   * Reset links only: the account has no password yet (an invitation not yet followed), so the
   * page asks the person to choose one instead of speaking of a reset.
   */
  first_password: z.boolean().optional(),
});
export type TokenCheckResponse = z.infer<typeof tokenCheckResponseSchema>;
