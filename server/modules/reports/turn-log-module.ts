/**
 * The turn log's module: the one writer of turns (turn-log.ts, which keeps the reports' rollups in
 * step), the events other modules act on, and the sentiment of every stored turn. Built before
 * every module that stores or changes turns.
 */
import { defineModule } from '../../module';
import { createSentimentRecorder } from './sentiment-recorder';
import { createSentimentRepo } from './sentiment-repo';
import { createTurnEvents, createTurnLog } from './turn-log';

export const turnLogModule = defineModule({
  name: 'turn-log',
  build({ database, llm, background }) {
    const turnLog = createTurnLog();
    const sentimentRecorder = createSentimentRecorder({
      repo: createSentimentRepo(database, turnLog),
      llm,
      background,
    });
    return { turnLog, turnEvents: createTurnEvents(), sentimentRecorder };
  },
  expose: (services) => services,
  // Turns stored before sentiments were kept are judged, and old turns rolled up, in the back.
  start: ({ sentimentRecorder }) => sentimentRecorder.startBackfill(),
  stop: ({ sentimentRecorder }) => sentimentRecorder.stop(),
});
