/**
 * A mail's questions answered, each on its own: one search for several questions finds none of
 * them. A question that refers back and finds nothing alone is asked again with its context
 * (question-context.ts); the answer that found something is kept. The drafter asks through the
 * answer service, the quality bench (scripts/quality/mail-questions.ts) over HTTP, so both draft
 * the same way.
 */
import type { ChatReference } from '../../../contract/chat';
import type { QuestionInContext } from './question-context';
import type { AnsweredQuestion } from './reply-draft';

export interface FoundAnswer {
  answer: string;
  references: ChatReference[];
  no_answer: boolean;
}

/** An answer's first statement, up to its first citation. */
const opening = (text: string) => text.split(/\[\d+\]/)[0].trim();

export async function answerQuestions(
  questions: readonly QuestionInContext[],
  ask: (query: string) => Promise<FoundAnswer>,
): Promise<AnsweredQuestion[]> {
  const answers: AnsweredQuestion[] = [];
  for (const question of questions) {
    let found = await ask(question.question);
    if (found.no_answer && question.context) {
      const again = await ask(`${question.question} ${question.context}`);
      // Its context's words may only have found the earlier question's answer again: that
      // answers the earlier question, not this one, which a person had better answer.
      const repeats = answers.some((a) => !a.noAnswer && opening(a.text) === opening(again.answer));
      if (!again.no_answer && !repeats) found = again;
    }
    answers.push({
      asked: question.asked,
      text: found.answer,
      references: found.references,
      noAnswer: found.no_answer,
    });
  }
  return answers;
}
