/**
 * The assistant: answering (retrieval over the knowledge index, the configured LLM or the built-in
 * engine) and the signed-in person's conversations with their feedback. Every turn is stored and
 * every rating saved through the turn log, which tells the modules listening.
 */
import { defineModule } from '../../module';
import { knowledgeModule } from '../knowledge/module';
import { turnLogModule } from '../reports/turn-log-module';
import { createAnswerService } from './answering/answer-service';
import { createRetriever } from './answering/retrieval';
import { registerAnswerRoutes } from './answering/routes';
import { createChatRepo } from './conversations/repo';
import { registerConversationRoutes } from './conversations/routes';
import { createChatService } from './conversations/service';
import { registerChartRoutes } from './conversations/chart-routes';
import { createTurnCharts } from './conversations/turn-charts';

export const chatModule = defineModule({
  name: 'chat',
  build({ database, llm }, from) {
    const { index } = from(knowledgeModule);
    const { turnLog, turnEvents, sentimentRecorder } = from(turnLogModule);
    const provider = llm?.provider ?? null;
    const repo = createChatRepo(database, turnLog);
    const retriever = createRetriever(database, index);
    const chats = createChatService({ database, repo, index, retriever, provider });
    const charts = createTurnCharts(database.db);
    return {
      charts,
      llm: provider,
      answers: createAnswerService({
        database,
        repo,
        retriever,
        provider,
        sentiment: sentimentRecorder,
        onTurnStored: turnEvents.stored,
      }),
      conversations: {
        ...chats,
        // A reopened conversation carries each answer's kept chart; a deleted one takes them.
        async detail(...args: Parameters<typeof chats.detail>) {
          const [detail, routes] = await Promise.all([
            chats.detail(...args),
            charts.routesOf(args[0]),
          ]);
          const history = detail.history.map((entry) => {
            const route = routes.get(entry.message_id);
            return { ...entry, chart: route ? { route } : null };
          });
          return { ...detail, history };
        },
        async remove(...args: Parameters<typeof chats.remove>) {
          // Before the turns lose their link to the conversation; only the owner's go.
          await charts.forget(args[1], args[0]);
          return chats.remove(...args);
        },
        async feedback(...args: Parameters<typeof chats.feedback>) {
          const saved = await chats.feedback(...args);
          await turnEvents.rated(saved.message_id, saved.rating);
          return saved;
        },
      },
    };
  },
  expose: ({ answers, llm, charts }) => ({ answers, llm, charts }),
  routes(api, services) {
    registerAnswerRoutes(api, services);
    registerConversationRoutes(api, services);
    registerChartRoutes(api, services);
  },
});
