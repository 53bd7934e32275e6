/**
 * The e-mail agent's own way from a customer's mail to a draft, so that the bench measures the
 * drafts customers would get: the e-mail agent's `questionsOf` reads the mail (each question on its
 * own, without greeting, sign-off, signature or quoted thread, with what it rests on, and the
 * language to reply in), its `answerQuestions` asks each with the request the drafter makes
 * (here over HTTP, the same answer service), and `composeReply` writes the draft from the
 * answers.
 */
import type { ChatReference } from '../../contract/chat';
import { questionsOf } from '../../server/modules/email-agents/mail-asks';
import { answerQuestions } from '../../server/modules/email-agents/mail-answers';
import { composeReply } from '../../server/modules/email-agents/reply-draft';
import type { Mail } from './types';

/** What the drafter searches for a mail: each question, and the words it quotes above its answer. */
export function mailQuestions(mail: Mail) {
  const read = questionsOf({
    subject: mail.subject,
    text_body: mail.body,
    from_name: mail.fromName,
  });
  return { questions: read.questions, language: read.language };
}

/** Each question answered as the drafter answers it; `ask` sends one chat request. */
export const answerMail = answerQuestions;

/** The chat request the drafter makes for a question (its answer-service options). */
export const DRAFTER_REQUEST = {
  department_id: null,
  multi_source: true,
  references: true,
  recommendations: false,
  advanced_search: false,
  eval_matrix: false,
  fetch_images: false,
} as const;

export interface MailAnswer {
  asked: string;
  text: string;
  references: ChatReference[];
  noAnswer: boolean;
}

/**
 * The draft's body, and the part of it that answers: the lines quoting the customer's own words
 * ("> …") are left out of the latter, so a fact counts only when an answer says it.
 */
export function draftOf(
  mail: Mail,
  language: ReturnType<typeof mailQuestions>['language'],
  answers: MailAnswer[],
) {
  const reply = composeReply({ language, name: mail.fromName, answers, signature: 'Atrium' });
  const answering = reply.body
    .split('\n')
    .filter((line) => !line.startsWith('>'))
    .join('\n');
  return { body: reply.body, answering };
}
