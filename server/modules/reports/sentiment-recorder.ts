/**
 * Sentiment of every stored turn. When a turn is stored, the offline library judges
 * its question at once (microseconds; the reports never miss a turn); with an LLM configured, the
 * model's judgement replaces it after the answer has left. Turns stored before this existed are
 * judged by the backfill when the server starts, in batches: by the model when one is configured
 * (sequentially, the library standing in per turn where the model fails), else by the library;
 * then the turns stored before the reports' hourly rollup existed are rolled up (rollups.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BackgroundTasks } from '../../services/background';
import { llmSentiment, offlineSentiment, type SentimentModel } from '../../services/sentiment';
import type { SentimentRepo } from './sentiment-repo';
import { writeTurnSentiment } from './turn-sentiment';

const BACKFILL_BATCH = 1000;
/** Turns the model judges (one call at a time) before their sentiments are saved together. */
const LLM_BACKFILL_BATCH = 50;

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
     * is rolled up, so the turn is rolled up once with it, not again for its sentiment (each
     * rollup locks and upserts, which slowed the widget's answers).
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

    /**
     * Judges every turn without a sentiment; how many it judged. By the configured model when
     * there is one — one call at a time, saved in batches of LLM_BACKFILL_BATCH, the library's
     * judgement for a turn whose call fails, and the library's for the rest once the server stops
     * — else by the library in batches of `batch`.
     */
    async backfill(batch = BACKFILL_BATCH): Promise<number> {
      let done = 0;
      for (;;) {
        const turns = await repo.unjudgedTurns(llm ? Math.min(batch, LLM_BACKFILL_BATCH) : batch);
        if (!turns.length) return done;
        const judged = [];
        for (const t of turns)
          judged.push({
            turnId: t.id,
            ...(llm && !stopping.signal.aborted
              ? await llmSentiment(t.question, llm, stopping.signal)
              : offlineSentiment(t.question)),
          });
        await repo.saveSentiments(judged);
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
