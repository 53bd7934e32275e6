/**
 * How the e-mail agent turns a customer's mail into what it asks the knowledge base, taken from
 * the drafter itself so that the bench measures the drafts customers would get.
 *
 * When the drafter exports `questionsOfMail` (a mail's questions, one search each) the bench
 * asks each of them; until then it asks what today's drafter asks, `questionOf` (the mail's own
 * words without the quoted thread, one search).
 */
import * as drafter from '../../server/modules/email-agents/drafter';

type MailText = { subject: string; text_body: string };
type Split = (mail: MailText) => string[];

// Looked up by name, so that the bench keeps compiling whichever of the two the drafter has.
const exported = drafter as unknown as Record<string, unknown>;
const several = exported.questionsOfMail;
const one = exported.questionOf;

export const splitsMails = typeof several === 'function';

export const mailQuestions: Split = (mail) => {
  if (typeof several === 'function') return (several as Split)(mail);
  if (typeof one === 'function') return [(one as (m: MailText) => string)(mail)];
  throw new Error('the e-mail drafter exports neither questionsOfMail nor questionOf');
};

/** The chat request the drafter makes for a question (answer-service options, over HTTP). */
export const DRAFTER_REQUEST = {
  department_id: null,
  multi_source: true,
  references: true,
  recommendations: false,
  advanced_search: false,
  eval_matrix: false,
  fetch_images: false,
} as const;
