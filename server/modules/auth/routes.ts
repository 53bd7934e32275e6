/** HTTP side of sign-in, sign-up, verification and password reset (SPEC §7 Auth). */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  mailLinkQuerySchema,
  messageResponseSchema,
  resendQuerySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  tokenCheckResponseSchema,
  tokenParamsSchema as tokenParams,
} from '../../../contract/auth';
import { apiRoutes } from '../../../contract/api-paths';
import { userEmailParamsSchema } from '../../../contract/identity';
import { visitorLoginResponseSchema, WIDGET_KEY_HEADER } from '../../../contract/service-agent';
import type { MailLinks } from '../identity/mail-links';
import { keyLoginOf, type VisitorLogin } from '../service-agent/public';
import { languageOf } from '../../services/text/locale-labels';
import type { createPasswordResetService } from './password-reset-service';
import type { createRegistrationService } from './registration-service';
import type { SessionService } from './service';
import { type Api, invalidInput } from '../../http/route-contract';
import { authOf } from '../../plugins/auth';
import { deviceCookieHeader, parseCookieHeader } from './device-cookies';

const tags = ['Sign-in'];
const message = { 200: messageResponseSchema };
const tokenCheck = { tags, params: tokenParams, response: { 200: tokenCheckResponseSchema } };
/** A widget visitor's login by key answers its session too; a person's, the token alone. */
const loginAnswer = z.union([visitorLoginResponseSchema, loginResponseSchema]);

/**
 * The language of the mail a request sends: the console's (`?lng=`, contract/auth.ts
 * `mailLanguageField`), else the browser's or API client's Accept-Language, else English.
 */
const mailLanguage = (request: Pick<FastifyRequest, 'headers'> & { query: { lng?: string } }) =>
  languageOf(request.query.lng, request.headers['accept-language']);

/** A person's sign-in needs its body: only a login by key comes without one. */
function personLogin(body: z.infer<typeof loginBodySchema> | undefined) {
  if (body !== undefined) return body;
  const missing = loginBodySchema.safeParse(body);
  if (missing.success) return missing.data;
  throw invalidInput('body', missing.error);
}

export function registerAuthRoutes(
  api: Api,
  s: {
    sessions: SessionService;
    registration: ReturnType<typeof createRegistrationService>;
    passwordReset: ReturnType<typeof createPasswordResetService>;
    mailLinks: MailLinks;
    authRateLimit: { max: number; timeWindow: string };
    visitorLogin: VisitorLogin;
  },
) {
  const limitedPublic = { public: true, rateLimit: s.authRateLimit };
  const keyHeader = WIDGET_KEY_HEADER.toLowerCase();
  const byKey = (request: FastifyRequest) => request.headers[keyHeader] !== undefined;
  // Login by key counts against the widget visitors' own limits (visitor-login.ts), not these.
  const loginConfig = { public: true, rateLimit: { ...s.authRateLimit, allowList: byKey } };
  const mailOrigin = s.mailLinks.origin;

  api.post(
    apiRoutes.login,
    {
      config: loginConfig,
      schema: {
        tags,
        summary: 'Sign in',
        body: loginBodySchema.optional(),
        response: { 200: loginAnswer },
      },
      // A login by key has no body (SPEC §7): whatever comes along is not read.
      preValidation: async (request) => {
        if (byKey(request)) request.body = undefined;
      },
    },
    async (request, reply) => {
      // Login by key (SPEC §7): a chat widget's visitor, with the API_KEY header and no body.
      const key = request.headers[keyHeader];
      if (key !== undefined) return s.visitorLogin.login(keyLoginOf(request, key));
      const { answer, device } = await s.sessions.login(personLogin(request.body), {
        userAgent: request.headers['user-agent'],
        address: request.ip,
        cookies: parseCookieHeader(request.headers.cookie),
      });
      // Sent back only to this route (its path as registered, under /api): the cookie proves
      // nothing anywhere else.
      const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '/';
      reply.header(
        'set-cookie',
        deviceCookieHeader(device, { path, secure: request.protocol === 'https' }),
      );
      return answer;
    },
  );

  api.post(
    apiRoutes.signup,
    {
      config: limitedPublic,
      schema: {
        tags,
        summary: 'Sign up',
        querystring: mailLinkQuerySchema,
        body: signupBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const mail = {
        origin: mailOrigin(request.query.verify_page_link),
        language: mailLanguage(request),
      };
      return reply.code(201).send(await s.registration.signup(request.body, mail));
    },
  );

  api.get(
    apiRoutes.verify,
    { config: { public: true }, schema: { ...tokenCheck, summary: 'Verify an e-mail address' } },
    async (request) => s.registration.verify(request.params.token),
  );

  api.post(
    apiRoutes.resendVerification,
    {
      config: limitedPublic,
      schema: {
        tags,
        summary: 'Send the verification e-mail again',
        querystring: resendQuerySchema,
        response: message,
      },
    },
    async (request) => {
      const { email, verify_page_link: link } = request.query;
      return s.registration.resend(email, {
        origin: mailOrigin(link),
        language: mailLanguage(request),
      });
    },
  );

  api.post(
    apiRoutes.forgotPassword,
    {
      config: limitedPublic,
      schema: {
        tags,
        summary: 'Ask for a password reset e-mail',
        params: userEmailParamsSchema,
        querystring: mailLinkQuerySchema,
        response: message,
      },
    },
    async (request) =>
      s.passwordReset.requestReset(request.params.email, {
        origin: mailOrigin(request.query.verify_page_link),
        language: mailLanguage(request),
      }),
  );

  api.get(
    apiRoutes.verifyReset,
    { config: { public: true }, schema: { ...tokenCheck, summary: 'Check a password reset link' } },
    async (request) => s.passwordReset.check(request.params.token),
  );

  api.post(
    apiRoutes.verifyReset,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        params: tokenParams,
        body: resetPasswordBodySchema,
        response: message,
      },
    },
    async (request) => s.passwordReset.reset(request.params.token, request.body),
  );

  api.post(
    apiRoutes.logout,
    { schema: { tags, summary: 'Sign out', response: message } },
    async (request) => {
      await s.sessions.logout(authOf(request).sessionId);
      return { message: 'Signed out.' };
    },
  );

  api.put(
    apiRoutes.myPassword,
    {
      schema: {
        tags,
        summary: 'Change your password',
        body: changePasswordBodySchema,
        response: message,
      },
    },
    async (request) => {
      const auth = authOf(request);
      await s.sessions.changePassword(auth.user, auth.sessionId, request.body);
      return { message: 'Your password has been changed. Other sessions were signed out.' };
    },
  );
}
