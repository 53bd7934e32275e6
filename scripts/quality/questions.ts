/** Labelled questions for bench:quality (see questions below). */
export interface Question {
  query: string;
  /** The file name, or for a manual page its file name (e.g. "sql-vacuum.html"). */
  source: string;
  /** Words of the answering sentence that the answer must quote. */
  fact: string;
}

export const QUESTIONS: Question[] = [
  {
    query: 'What does bzip2 use to compress files?',
    source: 'bzip2-manual.pdf',
    fact: 'Burrows-Wheeler',
  },
];

export const UNANSWERABLE: string[] = ['What is the capital of Mongolia?'];
