/**
 * Sentences of a text, shared by the chunker (where chunks may be cut) and the answer engine
 * (what it may quote), so both agree on where a sentence ends.
 *
 * A sentence ends at `.`, `!` or `?` (with any closing quotes or brackets) followed by white
 * space, at CJK `。！？`, and at a line break (lists and table rows end there). A dot inside a
 * token never ends one: `libtasn1.h`, `3.0`, `./configure`, `https://example.org/a.html` stay
 * whole. Abbreviations and initials do not end one either ("e.g. this", "No. 5", "Dr. Lee",
 * "J. Smith", "(eg. 20 times)", "Kadatch et al. show"). White space inside a sentence becomes one space.
 */

/** The word before a dot that does not end a sentence: a lone letter or a known abbreviation. */
const ABBREVIATION =
  /(?:^|[\s(])(?:\p{L}|No|no|Nr|e\.g|i\.e|eg|ie|viz|al|ca|esp|incl|cf|Mr|Mrs|Ms|Dr|Prof|vs|St|Fig|fig|Vol|vol|pp|approx|resp|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.$/u;

/** Where a line may be cut: after sentence punctuation and its closers, before white space. */
const SENTENCE_END = /(?<=[.!?]["'”’)\]]*)\s+|(?<=[。！？])/u;

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    let buffer = '';
    for (const piece of line.split(SENTENCE_END)) {
      buffer = buffer ? `${buffer} ${piece}` : piece;
      if (ABBREVIATION.test(buffer)) continue;
      const sentence = buffer.replace(/\s+/g, ' ').trim();
      if (sentence) out.push(sentence);
      buffer = '';
    }
    const rest = buffer.replace(/\s+/g, ' ').trim();
    if (rest) out.push(rest);
  }
  return out;
}
