/** A turn's sentiment, written in a transaction the caller already holds. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Judgement } from '../../services/sentiment';

/** Writes (or replaces) the turn's sentiment; keeping the rollup in step is the caller's part. */
export async function writeTurnSentiment(
  trx: Kysely<DB>,
  turnId: number,
  j: Judgement,
): Promise<void> {
  await trx
    .insertInto('turn_sentiments')
    .values({
      turn_id: turnId,
      sentiment: j.sentiment,
      score: j.score,
      source: j.source,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc
        .column('turn_id')
        .doUpdateSet({ sentiment: j.sentiment, score: j.score, source: j.source }),
    )
    .execute();
}
