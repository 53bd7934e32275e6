import { describe, expect, it } from 'vitest';
import { answerQuestions, type FoundAnswer } from './mail-answers';
import type { QuestionInContext } from './question-context';

const found = (answer: string): FoundAnswer => ({ answer, references: [], no_answer: false });
const nothing: FoundAnswer = {
  answer: 'I could not find an answer.',
  references: [],
  no_answer: true,
};

/**
 * A knowledge base of two sentences, searched as the answer service is asked: a query finds a
 * sentence when it holds all of that sentence's key words.
 */
const knowledge: [string[], string][] = [
  [['gpl', 'violation'], 'Any attempt to modify it otherwise terminates your rights [1].'],
  [['gpl', 'license', 'back'], 'Your license is reinstated if you cease all violation [1].'],
];
function asker() {
  const queries: string[] = [];
  const ask = async (query: string) => {
    queries.push(query);
    const words = query.toLowerCase();
    const hit = knowledge.find(([keys]) => keys.every((k) => words.includes(k)));
    return hit ? found(hit[1]) : nothing;
  };
  return { ask, queries };
}

const question = (q: string, context: string | null = null): QuestionInContext => ({
  asked: q,
  question: q,
  context,
});

describe('answering the questions of a mail', () => {
  it('when a question that refers back finds nothing alone, then it is asked again with its context and that answer is drafted', async () => {
    const { ask, queries } = asker();
    const answers = await answerQuestions(
      [
        question('What happens to our rights after a GPL violation?'),
        question('Is there any way to get the license back afterwards?', 'GPL-licensed software'),
      ],
      ask,
    );
    expect(queries).toEqual([
      'What happens to our rights after a GPL violation?',
      'Is there any way to get the license back afterwards?',
      'Is there any way to get the license back afterwards? GPL-licensed software',
    ]);
    expect(answers.map((a) => [a.asked, a.noAnswer, a.text])).toEqual([
      [
        'What happens to our rights after a GPL violation?',
        false,
        'Any attempt to modify it otherwise terminates your rights [1].',
      ],
      [
        'Is there any way to get the license back afterwards?',
        false,
        'Your license is reinstated if you cease all violation [1].',
      ],
    ]);
  });

  it('when a question finds an answer alone, then its context is not searched', async () => {
    const { ask, queries } = asker();
    await answerQuestions([question('How do we get the GPL license back?', 'violation')], ask);
    expect(queries).toEqual(['How do we get the GPL license back?']);
  });

  it('when the context only finds the earlier question’s answer again, then the question stays unanswered for a person', async () => {
    const { ask } = asker();
    const answers = await answerQuestions(
      [
        question('What happens after a GPL violation?'),
        question('And what does that mean for us?', 'GPL violation'),
      ],
      ask,
    );
    expect(answers[1]).toMatchObject({ asked: 'And what does that mean for us?', noAnswer: true });
  });

  it('when a question without context finds nothing, then it is asked once and left for a person', async () => {
    const { ask, queries } = asker();
    const answers = await answerQuestions([question('Where is the invoice for order 4711?')], ask);
    expect(queries).toHaveLength(1);
    expect(answers[0].noAnswer).toBe(true);
  });
});
