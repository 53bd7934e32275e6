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

export const chatModule = defineModule({
  name: 'chat',
  build({ database, llm }, from) {
    const { index } = from(knowledgeModule);
    const { turnLog, turnEvents, sentimentRecorder } = from(turnLogModule);
    const provider = llm?.provider ?? null;
    const repo = createChatRepo(database, turnLog);
    const retriever = createRetriever(database, index);
    const chats = createChatService({ database, repo, index, retriever, provider });
    return {
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
        async feedback(...args: Parameters<typeof chats.feedback>) {
          const saved = await chats.feedback(...args);
          await turnEvents.rated(saved.message_id, saved.rating);
          return saved;
        },
      },
    };
  },
  expose: ({ answers, llm }) => ({ answers, llm }),
  routes(api, services) {
    registerAnswerRoutes(api, services);
    registerConversationRoutes(api, services);
  },
});
