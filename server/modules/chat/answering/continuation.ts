/**
 * A reference entry cut by a chunk boundary: in libtasn1's manual the signature of
 * asn1_der_coding closes one chunk and its "Returns: ASN1_SUCCESS if DER encoding OK, …" opens
 * the next, which never names the function and so is never found by the question's words. When
 * one of the best passages names a function or option of the question near its end, the chunk
 * that follows it in the document comes along, carrying that name (`continues`): its sentences
 * are about it until another name is written (the built-in engine reads it so).
 */
import type { Database } from '../../../db/database';
import { coverageOf, matchedTerms, type QueryTerms } from './query-terms';
import type { Passage } from './retrieval';
import { contentTerms } from '../../../services/text/terms';

/** How many of the best passages may bring their next chunk. */
const CONTINUED = 3;
/** The name must stand in this last share of the passage for the entry to run on. */
const TAIL = 0.6;

/** The question's code names the passage writes in its last part. */
function namesNearEnd(q: QueryTerms, text: string): string[] {
  const lower = text.toLowerCase();
  const tail = Math.floor(lower.length * (1 - TAIL));
  return q.codeNames.filter((name) => lower.lastIndexOf(name.toLowerCase()) >= tail);
}

export async function withContinuations(
  database: Database,
  q: QueryTerms,
  passages: readonly Passage[],
): Promise<Passage[]> {
  if (q.codeNames.length === 0) return [...passages];
  const continued = new Map<number, Passage>();
  // A passage that is itself the continuation of a better one is read with that one.
  const moved = new Set<number>();
  for (const p of passages.slice(0, CONTINUED)) {
    const names = namesNearEnd(q, p.text);
    if (names.length === 0 || p.ordinal === undefined || moved.has(p.chunkId)) continue;
    const next = await database.db
      .selectFrom('chunks')
      .select(['id', 'ordinal', 'text', 'page', 'sheet', 'row_start', 'row_end', 'heading'])
      .where('document_id', '=', p.documentId)
      .where('ordinal', '=', p.ordinal + 1)
      .executeTakeFirst();
    if (!next) continue;
    moved.add(next.id);
    // Found on its own words or not, it is read as part of the entry.
    continued.set(p.chunkId, {
      ...p,
      chunkId: next.id,
      ordinal: next.ordinal,
      text: next.text,
      position: {
        page: next.page,
        sheet: next.sheet,
        row_start: next.row_start,
        row_end: next.row_end,
        heading: next.heading,
      },
      continues: names,
      coverage: coverageOf(
        q,
        matchedTerms(
          q,
          new Set(contentTerms(`${p.label ?? ''} ${names.join(' ')} ${next.text}`, p.language)),
        ),
      ),
      // Right after the passage it continues.
      score: p.score - 1e-6,
    });
  }
  return passages
    .filter((p) => !moved.has(p.chunkId))
    .flatMap((p) => {
      const next = continued.get(p.chunkId);
      return next ? [p, next] : [p];
    });
}
