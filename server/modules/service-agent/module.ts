/**
 * Chat widgets: the console's side (widgets and their visitor conversations), the login by key
 * and the visitors' chat through the assistant's own answer service. One set of rate windows: a
 * login and a question count against the same per-minute limits.
 */
import { defineModule } from '../../module';
import { createVisitorTokens } from '../../services/security/visitor-tokens';
import { chatModule } from '../chat/module';
import { turnLogModule } from '../reports/turn-log-module';
import { createRateWindows } from './rate-window';
import { createWidgetRepo } from './repo';
import { registerServiceAgentRoutes } from './routes';
import { createWidgetService } from './service';
import { createVisitorChat } from './visitor-chat';
import { createVisitorLogin } from './visitor-login';
import { createVisitorRepo } from './visitor-repo';
import { registerVisitorRoutes } from './visitor-routes';

export const serviceAgentModule = defineModule({
  name: 'service-agent',
  build({ config, database, windowCounter }, from) {
    const { answers, llm } = from(chatModule);
    const { turnLog, turnEvents } = from(turnLogModule);
    const widgets = createWidgetRepo(database.db);
    const repo = createVisitorRepo(database.db, turnLog);
    const windows = createRateWindows(windowCounter);
    const limits = { perWidget: config.widgetRateLimit, perAddress: config.widgetAddressRateLimit };
    const visitorChat = createVisitorChat({
      widgets,
      repo,
      answers,
      llm,
      windows,
      limits,
      onRated: turnEvents.rated,
    });
    return {
      serviceAgents: createWidgetService(database.db, widgets, visitorChat.history),
      visitorLogin: createVisitorLogin({
        widgets,
        repo,
        tokens: createVisitorTokens(config.jwtSecret),
        windows,
        limits,
        ownOrigins: [config.publicUrl, ...config.consoleOrigins],
      }),
      visitorChat,
    };
  },
  expose: ({ serviceAgents, visitorLogin }) => ({ serviceAgents, visitorLogin }),
  routes(api, services) {
    registerServiceAgentRoutes(api, services);
    registerVisitorRoutes(api, services);
  },
});
