/**
 * The helpdesk area, built once by the container (issue 17): integrations, agents, the
 * hand-off, tickets and their webhook delivery, and the two small hooks by which answers and
 * ratings of the assistant and the widget reach the tickets.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FeedbackResponse } from '../../../contract/chat';
import type { AppDeps } from '../../deps';
import { createSecretBox, secretsKey } from '../../services/security/secret-box';
import { createAgentsRepo } from './agents-repo';
import { createAgentsService } from './agents-service';
import { createHandoff } from './handoff';
import { createHelpdeskRepo } from './repo';
import { createHelpdeskService } from './service';
import { createTickets } from './tickets';
import { createWebhookDelivery } from './webhook-delivery';

export function createHelpdeskArea(deps: AppDeps, log: FastifyBaseLogger) {
  const { db } = deps.database;
  const repo = createHelpdeskRepo(db);
  const agentsRepo = createAgentsRepo(db);
  const service = createHelpdeskService(db, repo, createSecretBox(secretsKey(deps.config)));
  const delivery = createWebhookDelivery({
    database: deps.database,
    secretOf: service.secretOf,
    retryBaseMs: deps.config.helpdeskRetryMs,
    allow: deps.config.urlFetchAllow,
    log,
  });
  const tickets = createTickets(db, repo, () => delivery.kick());

  /** A ticket that cannot be opened must not cost the person their answer or rating. */
  const guarded =
    <A extends unknown[]>(name: string, hook: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await hook(...args);
      } catch (error) {
        log.error({ err: error, hook: name }, 'helpdesk ticket hook failed');
      }
    };
  const onRated = guarded('rating', tickets.onRated);
  const queueWaiting = guarded('waiting tickets', async () => void (await tickets.queueWaiting()));

  return {
    // A helpdesk added, switched on or given departments takes the tickets waiting for one.
    helpdesks: {
      ...service,
      create: async (...args: Parameters<typeof service.create>) => {
        const created = await service.create(...args);
        await queueWaiting();
        return created;
      },
      update: async (...args: Parameters<typeof service.update>) => {
        const updated = await service.update(...args);
        await queueWaiting();
        return updated;
      },
    },
    helpdeskAgents: createAgentsService(agentsRepo),
    helpdeskHandoff: createHandoff({ db, helpdesks: repo, service, agents: agentsRepo }),
    helpdeskTickets: tickets,
    helpdeskDelivery: delivery,
    /** For the answer service: every stored turn. */
    onTurnStored: guarded('turn', tickets.onTurnStored),
    /** The console's feedback, watched for the second answer rated down. */
    watchFeedback<T extends { feedback: (...args: never[]) => Promise<FeedbackResponse> }>(
      conversations: T,
    ): T {
      const feedback = conversations.feedback;
      return {
        ...conversations,
        feedback: async (...args: Parameters<T['feedback']>) => {
          const saved = await feedback(...args);
          await onRated(saved.message_id, saved.rating);
          return saved;
        },
      };
    },
    /** The widget visitors' ratings: their ids are the widget's turns; the log's is linked. */
    watchVisitorRatings<T extends { rate: (...args: never[]) => Promise<FeedbackResponse> }>(
      visitorChat: T,
    ): T {
      const rate = visitorChat.rate;
      return {
        ...visitorChat,
        rate: async (...args: Parameters<T['rate']>) => {
          const saved = await rate(...args);
          const turn = await db
            .selectFrom('service_agent_turns')
            .select('chat_turn_id')
            .where('id', '=', saved.message_id)
            .executeTakeFirst();
          if (turn?.chat_turn_id != null) await onRated(turn.chat_turn_id, saved.rating);
          return saved;
        },
      };
    },
  };
}

export type HelpdeskArea = ReturnType<typeof createHelpdeskArea>;
