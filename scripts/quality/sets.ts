/** Every question set and mail of bench:quality, with the part and half each belongs to. */
import { HELD_OUT_LANGUAGE_QUESTIONS, HELD_OUT_LANGUAGE_UNANSWERABLE } from './held-out/languages';
import { HELD_OUT_MAILS } from './held-out/mails';
import { HELD_OUT_QUESTIONS, HELD_OUT_UNANSWERABLE } from './held-out/questions';
import { HELD_OUT_TABLE_QUESTIONS } from './held-out/tables';
import { LANGUAGE_QUESTIONS, LANGUAGE_UNANSWERABLE } from './languages';
import { MAILS as TUNING_MAILS } from './mails';
import { QUESTIONS, UNANSWERABLE } from './questions';
import { TABLE_QUESTIONS } from './tables';
import type { Half, Mail, QuestionSet } from './types';

export const SETS: QuestionSet[] = [
  {
    part: 'tuning',
    half: 'tuning',
    answerable: QUESTIONS,
    unanswerable: UNANSWERABLE.map((query) => ({ query })),
  },
  { part: 'tables', half: 'tuning', answerable: TABLE_QUESTIONS, unanswerable: [] },
  {
    part: 'languages',
    half: 'tuning',
    answerable: LANGUAGE_QUESTIONS,
    unanswerable: LANGUAGE_UNANSWERABLE,
  },
  {
    part: 'held-out',
    half: 'held-out',
    answerable: HELD_OUT_QUESTIONS,
    unanswerable: HELD_OUT_UNANSWERABLE,
  },
  { part: 'tables', half: 'held-out', answerable: HELD_OUT_TABLE_QUESTIONS, unanswerable: [] },
  {
    part: 'languages',
    half: 'held-out',
    answerable: HELD_OUT_LANGUAGE_QUESTIONS,
    unanswerable: HELD_OUT_LANGUAGE_UNANSWERABLE,
  },
];

export const MAILS: { half: Half; mails: Mail[] }[] = [
  { half: 'tuning', mails: TUNING_MAILS },
  { half: 'held-out', mails: HELD_OUT_MAILS },
];
