/**
 * Sentiment of every stored turn (issue 14). When a turn is stored, the offline library judges
 * its question at once (microseconds; the reports never miss a turn); with an LLM configured, the
 * model's judgement replaces it after the answer has left. Turns stored before this existed are
 * judged by the backfill, offline, in batches, when the server starts; then the turns stored
 * before the reports' hourly rollup existed are rolled up (rollups.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BackgroundTasks } from '../../services/background';
import { llmSentiment, offlineSentiment, type SentimentModel } from '../../services/sentiment';
import type { SentimentRepo } from './sentiment-repo';
import { writeTurnSentiment } from './turn-sentiment';

export const BACKFILL_BATCH = 1000;

export function createSentimentRecorder(deps: {
  repo: SentimentRepo;
  llm: SentimentModel | null;
  background: BackgroundTasks;
}) {
  const { repo, llm, background } = deps;
  // Aborted when the server stops: a model still streaming must not hold the shutdown up.
  const stopping = new AbortController();
  const recorder = {
    /**
     * The library's judgement, in the transaction that stores the turn: written before the turn
     * is rolled up, so the turn is rolled up once with it (issue 13's answer time).
     */
    async store(trx: Kysely<DB>, turnId: number, question: string): Promise<void> {
      await writeTurnSentiment(trx, turnId, offlineSentiment(question));
    },

    /** With an LLM configured, its judgement replaces the library's, in the background. */
    afterStored(turnId: number, question: string): void {
      if (llm)
        background.run('turn sentiment', async () =>
          repo.saveSentiment(turnId, await llmSentiment(question, llm, stopping.signal)),
        );
    },

    /** Judges every turn without a sentiment; how many it judged. */
    async backfill(batch = BACKFILL_BATCH): Promise<number> {
      let done = 0;
      for (;;) {
        const turns = await repo.unjudgedTurns(batch);
        if (!turns.length) return done;
        await repo.saveSentiments(
          turns.map((t) => ({ turnId: t.id, ...offlineSentiment(t.question) })),
        );
        done += turns.length;
      }
    },

    /** Cuts the model calls under way short (their turns keep the library's judgement). */
    stop(): void {
      stopping.abort();
    },

    /** Judges the older turns, then rolls up the turns stored before the rollups existed. */
    startBackfill(): void {
      background.run('sentiment backfill', async () => {
        await recorder.backfill();
        await repo.backfillRollups();
      });
    },
  };
  return recorder;
}

export type SentimentRecorder = ReturnType<typeof createSentimentRecorder>;
