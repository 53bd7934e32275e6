/**
 * The shapes of the routes called without a person's session, checked by
 * api-docs-public.test.ts: the health check, the mailed links' token checks (sign-up
 * verification, password reset) and a chat widget visitor's three calls with their token.
 */
import * as auth from '../../contract/auth';
import { feedbackResponseSchema, chatAnswerSchema } from '../../contract/chat';
import { healthSchema } from '../../contract/health';
import * as widgets from '../../contract/service-agent';
import type { RouteSchemas } from './route-schemas';

const token = auth.tokenParamsSchema;

export const publicRouteSchemas: Record<string, RouteSchemas> = {
  // 503 with an error body when the database does not answer.
  'GET /api/health': { response: healthSchema },
  'GET /api/verify/:token': { params: token, response: auth.tokenCheckResponseSchema },
  'GET /api/verify/reset/:token': { params: token, response: auth.tokenCheckResponseSchema },
  'POST /api/verify/reset/:token': {
    params: token,
    body: auth.resetPasswordBodySchema,
    response: auth.messageResponseSchema,
  },
  'GET /api/service-agent/me': {
    query: widgets.visitorWidgetQuerySchema,
    response: widgets.visitorWidgetSchema,
  },
  // A JSON answer, or server-sent events when the widget asks for text/event-stream.
  'POST /api/service-agent/me/chat': {
    body: widgets.visitorChatRequestSchema,
    response: chatAnswerSchema,
    stream: true,
  },
  'POST /api/service-agent/me/feedback': {
    body: widgets.visitorFeedbackSchema,
    response: feedbackResponseSchema,
  },
};
