/** The labelled material of bench:quality: questions, unanswerable questions and mails. */

/** The console's languages; a question is asked, and its fact written, in one of them. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * tuning: what the engine's rules may be written against, misses printed on request;
 * held-out: what no rule was written against, only ever printed as figures.
 */
export type Half = 'tuning' | 'held-out';

/** The parts BENCH_PARTS can pick, so that a developer can ask only some. */
export const PARTS = ['tuning', 'held-out', 'languages', 'tables', 'email'] as const;
export type Part = (typeof PARTS)[number];

export interface Question {
  query: string;
  /**
   * The uploaded file's name, or for a page of a manual site its path ("sql-truncate.html",
   * "handbook-fr/sect.apt-get.html").
   */
  source: string;
  /** Words of the answering sentence or row as the document has them; any one of a list counts. */
  fact: string | readonly string[];
  /** The language the question is asked in and the document written in (English when absent). */
  language?: Language;
}

/** A question near the corpus's subjects that the corpus does not answer. */
export interface Unanswerable {
  query: string;
  language?: Language;
}

export interface QuestionSet {
  part: Part;
  half: Half;
  answerable: Question[];
  unanswerable: Unanswerable[];
}

/** A customer's mail as it arrives, and what a good draft replying to it must say. */
export interface Mail {
  fromName: string;
  subject: string;
  /** The whole text body: greeting, question(s), sign-off, signature, quoted thread. */
  body: string;
  /** One entry per question the mail asks: its source and the fact the draft must hold. */
  asks: { source: string; fact: string | readonly string[] }[];
}

export const factsOf = (q: { fact: string | readonly string[] }) =>
  typeof q.fact === 'string' ? [q.fact] : q.fact;
