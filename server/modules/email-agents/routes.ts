/** Email accounts; the list only for now (the email-agent issue adds the rest). */
import type { FastifyInstance } from 'fastify';
import { emailAccountPageSchema } from '../../../contract/email-agents';
import { pageQuerySchema } from '../../../contract/paging';
import { apiRoutes } from '../../../contract/api-paths';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';

export function registerEmailAgentRoutes(api: FastifyInstance, s: Pick<Services, 'emailAgents'>) {
  api.get(
    apiRoutes.emailAgents,
    { config: { permission: { module: 'Email_agent', action: 'LIST_VIEW' } } },
    async (request) => {
      const query = parseInput(pageQuerySchema, request.query, 'query');
      return shape(emailAccountPageSchema, await s.emailAgents.list(query));
    },
  );
}
