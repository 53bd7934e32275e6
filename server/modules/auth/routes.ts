/** HTTP side of sign-in, sign-up, verification and password reset (SPEC §7 Auth). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  resendQuerySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  tokenCheckResponseSchema,
  tokenParamsSchema as tokenParams,
  verifyLinkQuerySchema,
} from '../../../contract/auth';
import { apiRoutes } from '../../../contract/api-paths';
import { userEmailParamsSchema } from '../../../contract/identity';
import { visitorLoginResponseSchema, WIDGET_KEY_HEADER } from '../../../contract/service-agent';
import type { MailLinks } from '../identity/mail-links';
import type { VisitorLogin } from '../service-agent/visitor-login';
import type { createPasswordResetService } from './password-reset-service';
import type { createRegistrationService } from './registration-service';
import type { SessionService } from './service';
import { parseInput, shape } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { keyLoginOf } from '../service-agent/visitor-routes';
import { deviceCookieHeader, parseCookieHeader } from './device-cookies';

export function registerAuthRoutes(
  api: FastifyInstance,
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
  // Login by key counts against the widget visitors' own limits (visitor-login.ts), not these.
  const loginConfig = {
    public: true,
    rateLimit: {
      ...s.authRateLimit,
      allowList: (request: FastifyRequest) => request.headers[keyHeader] !== undefined,
    },
  };
  const mailOrigin = s.mailLinks.origin;

  api.post(apiRoutes.login, { config: loginConfig }, async (request, reply) => {
    // Login by key (SPEC §7): a chat widget's visitor, with the API_KEY header and no body.
    const key = request.headers[keyHeader];
    if (key !== undefined)
      return shape(
        visitorLoginResponseSchema,
        await s.visitorLogin.login(keyLoginOf(request, key)),
      );
    const body = parseInput(loginBodySchema, request.body);
    const { answer, device } = await s.sessions.login(body, {
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
    return shape(loginResponseSchema, answer);
  });

  api.post(apiRoutes.signup, { config: limitedPublic }, async (request, reply) => {
    const query = parseInput(verifyLinkQuerySchema, request.query, 'query');
    const body = parseInput(signupBodySchema, request.body);
    const answer = await s.registration.signup(body, mailOrigin(query.verify_page_link));
    return reply.code(201).send(shape(messageResponseSchema, answer));
  });

  api.get(apiRoutes.verify, { config: { public: true } }, async (request) => {
    const { token } = parseInput(tokenParams, request.params, 'params');
    return shape(tokenCheckResponseSchema, await s.registration.verify(token));
  });

  api.post(apiRoutes.resendVerification, { config: limitedPublic }, async (request) => {
    const query = parseInput(resendQuerySchema, request.query, 'query');
    const answer = await s.registration.resend(query.email, mailOrigin(query.verify_page_link));
    return shape(messageResponseSchema, answer);
  });

  api.post(apiRoutes.forgotPassword, { config: limitedPublic }, async (request) => {
    const { email } = parseInput(userEmailParamsSchema, request.params, 'params');
    const query = parseInput(verifyLinkQuerySchema, request.query, 'query');
    const answer = await s.passwordReset.requestReset(email, mailOrigin(query.verify_page_link));
    return shape(messageResponseSchema, answer);
  });

  api.get(apiRoutes.verifyReset, { config: { public: true } }, async (request) => {
    const { token } = parseInput(tokenParams, request.params, 'params');
    return shape(tokenCheckResponseSchema, await s.passwordReset.check(token));
  });

  api.post(apiRoutes.verifyReset, { config: { public: true } }, async (request) => {
    const { token } = parseInput(tokenParams, request.params, 'params');
    const body = parseInput(resetPasswordBodySchema, request.body);
    return shape(messageResponseSchema, await s.passwordReset.reset(token, body));
  });

  api.post(apiRoutes.logout, async (request) => {
    await s.sessions.logout(authOf(request).sessionId);
    return shape(messageResponseSchema, { message: 'Signed out.' });
  });

  api.put(apiRoutes.myPassword, async (request) => {
    const auth = authOf(request);
    const body = parseInput(changePasswordBodySchema, request.body);
    await s.sessions.changePassword(auth.user, auth.sessionId, body);
    return shape(messageResponseSchema, {
      message: 'Your password has been changed. Other sessions were signed out.',
    });
  });
}
