/**
 * The helpdesk module: integrations, agents, the hand-off, tickets and their webhook delivery.
 * It listens to the turn log's events: a turn asking for a person, an answer rated down.
 */
import { defineModule } from '../../module';
import { turnLogModule } from '../reports/turn-log-module';
import { serviceAgentModule } from '../service-agent/module';
import { createSecretBox, secretsKey } from '../../services/security/secret-box';
import { createAgentsRepo } from './agents-repo';
import { createAgentsService } from './agents-service';
import { createHandoff } from './handoff';
import { createHelpdeskRepo } from './repo';
import { registerHelpdeskRoutes } from './routes';
import { createHelpdeskService } from './service';
import { createTicketRetry } from './ticket-retry';
import { createTickets } from './tickets';
import { createWebhookDelivery } from './webhook-delivery';

export const helpdeskModule = defineModule({
  name: 'helpdesk',
  build({ config, database, log }, from) {
    const { db } = database;
    const repo = createHelpdeskRepo(db);
    const agentsRepo = createAgentsRepo(db);
    const service = createHelpdeskService(db, repo, createSecretBox(secretsKey(config)));
    const delivery = createWebhookDelivery({
      database,
      secretOf: service.secretOf,
      retryBaseMs: config.helpdeskRetryMs,
      allow: config.urlFetchAllow,
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
    const queueWaiting = guarded(
      'waiting tickets',
      async () => void (await tickets.queueWaiting()),
    );

    // Turns asking for a person and answers rated down (twice) become tickets.
    const { turnEvents } = from(turnLogModule);
    turnEvents.onStored(guarded('turn', tickets.onTurnStored));
    turnEvents.onRated(guarded('rating', tickets.onRated));

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
      retryTicket: createTicketRetry({
        view: tickets.view,
        helpdesks: service,
        retryNow: delivery.retryNow,
      }),
      helpdeskDelivery: delivery,
      serviceAgents: from(serviceAgentModule).serviceAgents,
    };
  },
  routes: registerHelpdeskRoutes,
  // Tickets queued while the server was down go out once it is up; a stop waits for a pass.
  start: ({ helpdeskDelivery }) => helpdeskDelivery.start(),
  stop: ({ helpdeskDelivery }) => helpdeskDelivery.stop(),
});
