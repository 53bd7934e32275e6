/** HTTP side of sign-in, sign-up, verification and password reset (SPEC §7 Auth). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  emailField,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  resendQuerySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  tokenCheckResponseSchema,
  verifyLinkQuerySchema,
} from '../../../contract/auth';
import type { ResolvedConfig } from '../../config';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { trustedOrigin } from '../../services/mail/links';

const tokenParams = z.object({ token: z.string().min(1).max(256) });
const emailParams = z.object({ email: emailField });

export function registerAuthRoutes(api: FastifyInstance, s: Services, config: ResolvedConfig) {
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };
  const limitedPublic = { public: true, rateLimit };

  /** Where links in mails point: the SPA's origin when it is a configured one, else PUBLIC_URL. */
  const mailOrigin = (verifyPageLink: string | undefined) =>
    trustedOrigin({
      publicUrl: config.publicUrl,
      consoleOrigins: config.consoleOrigins,
      verifyPageLink,
    });

  api.post('/users/login', { config: limitedPublic }, async (request) => {
    const body = parseInput(loginBodySchema, request.body);
    return shape(
      loginResponseSchema,
      await s.sessions.login(body, request.headers['user-agent'], request.ip),
    );
  });

  api.post('/users/signup', { config: limitedPublic }, async (request, reply) => {
    const query = parseInput(verifyLinkQuerySchema, request.query, 'query');
    const body = parseInput(signupBodySchema, request.body);
    const answer = await s.registration.signup(body, mailOrigin(query.verify_page_link));
    return reply.code(201).send(shape(messageResponseSchema, answer));
  });

  api.get('/verify/:token', { config: { public: true } }, async (request) => {
    const { token } = parseInput(tokenParams, request.params, 'params');
    return shape(tokenCheckResponseSchema, await s.registration.verify(token));
  });

  api.post('/users/resend-verification/', { config: limitedPublic }, async (request) => {
    const query = parseInput(resendQuerySchema, request.query, 'query');
    const answer = await s.registration.resend(query.email, mailOrigin(query.verify_page_link));
    return shape(messageResponseSchema, answer);
  });

  api.post('/users/forgot-password/:email', { config: limitedPublic }, async (request) => {
    const { email } = parseInput(emailParams, request.params, 'params');
    const query = parseInput(verifyLinkQuerySchema, request.query, 'query');
    const answer = await s.passwordReset.requestReset(email, mailOrigin(query.verify_page_link));
    return shape(messageResponseSchema, answer);
  });

  api.get('/verify/reset/:token', { config: { public: true } }, async (request) => {
    const { token } = parseInput(tokenParams, request.params, 'params');
    return shape(tokenCheckResponseSchema, await s.passwordReset.check(token));
  });

  api.post('/verify/reset/:token', { config: { public: true } }, async (request) => {
    const { token } = parseInput(tokenParams, request.params, 'params');
    const body = parseInput(resetPasswordBodySchema, request.body);
    return shape(messageResponseSchema, await s.passwordReset.reset(token, body));
  });

  api.post('/users/logout', async (request) => {
    await s.sessions.logout(authOf(request).sessionId);
    return shape(messageResponseSchema, { message: 'Signed out.' });
  });

  api.put('/users/me/password', async (request) => {
    const auth = authOf(request);
    const body = parseInput(changePasswordBodySchema, request.body);
    await s.sessions.changePassword(auth.user, auth.sessionId, body);
    return shape(messageResponseSchema, {
      message: 'Your password has been changed. Other sessions were signed out.',
    });
  });
}
