/** What every e-mail agent route shares: its Email_agent right and the account in its path. */
import type { FastifyRequest } from 'fastify';
import { emailAccountParamsSchema } from '../../../contract/email-agents';
import type { ActionName } from '../../../contract/permissions';
import { parseInput } from '../../http/validate';

/** Any one of the actions will do (the permissions plugin ORs a list). */
export const needs = (...actions: ActionName[]) => ({
  config: {
    permission: actions.map((action) => ({ module: 'Email_agent', action }) as const),
  },
});
export const refOf = (request: FastifyRequest) =>
  parseInput(emailAccountParamsSchema, request.params, 'params').email_id;
