import { describe, expect, it } from 'vitest';
import { questionsOf } from './mail-asks';

const mail = (subject: string, text_body: string, from_name = 'Tom Becker') => ({
  subject,
  text_body,
  from_name,
});
const asked = (subject: string, body: string) =>
  questionsOf(mail(subject, body)).questions.map((q) => q.question);

// Mails as customers write them: polite framing around each question, in the console's five
// languages, above sign-offs, signatures and quoted threads whose words no document holds.
describe('what the e-mail agent asks for a mail', () => {
  it('when a question ends with what the customer says of their own situation, then it is asked without it, and those words are kept as context', () => {
    const { questions } = questionsOf(
      mail(
        'PostgreSQL settings',
        `Hi,

What is the default value for max_connections if we don't set one?
When was Debian 6.0 released, as our auditors want the exact date for the asset register?
What happens to our rights if we modify GPL-licensed software in a way the license doesn't allow?

Thanks,
Tom`,
      ),
    );
    expect(questions.map((q) => q.question)).toEqual([
      'What is the default value for max_connections?',
      'When was Debian 6.0 released?',
      // The condition is what is asked: it stays.
      "What happens to our rights if we modify GPL-licensed software in a way the license doesn't allow?",
    ]);
    expect(questions[0].context).toContain('set');
    expect(questions[1].context).toContain('auditors');
  });

  it('when a French, German, Spanish or Arabic question ends with the asker’s own situation, then it is asked without it', () => {
    expect(
      asked(
        'Question',
        'Bonjour,\n\nQuelle est la valeur par défaut si nous ne changeons rien ?\n\nMerci,\nPaul',
      ),
    ).toEqual(['Quelle est la valeur par défaut?']);
    expect(
      asked(
        'Frage',
        'Hallo,\n\nWie lange dauert die Entkalkung, weil wir ein Update planen?\n\nGrüße\nPetra',
      ),
    ).toEqual(['Wie lange dauert die Entkalkung?']);
    expect(
      asked(
        'Consulta',
        'Hola:\n\n¿Cuánto dura la garantía de la bomba si no cambiamos nada?\n\nSaludos,\nJuan',
      ),
    ).toEqual(['¿Cuánto dura la garantía de la bomba?']);
    expect(
      asked('سؤال', 'مرحبا\n\nما هي مدة الضمان على المحرك إذا لم نغير شيئا؟\n\nتحياتي\nسارة'),
    ).toEqual(['ما هي مدة الضمان على المحرك؟']);
  });

  it('when a question refers back to an earlier one ("afterwards", "the license"), then it is asked on its own and carries the earlier subject as context', () => {
    const { questions } = questionsOf(
      mail(
        'GPL question from legal',
        `Good morning,

Our legal team asked me something I couldn't answer myself. If we modify GPL-licensed software in a way the license doesn't allow, what happens to our rights? And is there any way to get the license back afterwards?

Many thanks in advance,
Julia

Julia Svensson
Compliance Officer
Fabrikam AB

Sent from my iPhone`,
        'Julia Svensson',
      ),
    );
    expect(questions.map((q) => q.question)).toEqual([
      "If we modify GPL-licensed software in a way the license doesn't allow, what happens to our rights?",
      'Is there any way to get the license back afterwards?',
    ]);
    expect(questions[1].asked).toBe('And is there any way to get the license back afterwards?');
    expect(questions[1].context).toContain('GPL-licensed');
    expect(questions[1].context).not.toContain('question');
  });

  it('when a reply asks "One more thing: …", then the question is asked without the lead-in and the thread’s subject is its context', () => {
    const { questions } = questionsOf(
      mail(
        'Re: bash pipelines',
        `Thanks for the quick answer!

One more thing: what does HISTSIZE actually control?

Cheers,
Marco

On Mon, 3 Mar 2025 at 10:14, Atrium Support <support@example.com> wrote:
> Hello Marco,
> with pipefail set, the return status of a pipeline is the last command's.`,
        'Marco Rossi',
      ),
    );
    expect(questions).toEqual([
      {
        asked: 'One more thing: what does HISTSIZE actually control?',
        question: 'What does HISTSIZE actually control?',
        context: 'bash pipelines',
      },
    ]);
  });

  it('when two questions ask about different things, then neither carries the other as context', () => {
    const { questions } = questionsOf(
      mail(
        'Two questions',
        'Hello,\n\nHow do I reset the X200 gateway? Where can I download the Orion 5 manual?\n\nBest,\nAnna',
      ),
    );
    expect(questions.map((q) => q.context)).toEqual([null, null]);
  });

  it('when one sentence asks two things joined by "and", then each is asked on its own, the second with what the first named', () => {
    const { questions } = questionsOf(
      mail(
        'Two things',
        `Hi,

What is the default port of the X200 and how do I change it?
What is the default timeout if we don't set one, and what is the maximum?
Does VACUUM FULL give disk space back to the operating system, and how large are transaction IDs?

Thanks,
Tom`,
      ),
    );
    expect(questions.map((q) => [q.asked, q.question])).toEqual([
      ['What is the default port of the X200?', 'What is the default port of the X200?'],
      ['How do I change it?', 'How do I change it? X200 port'],
      ["What is the default timeout if we don't set one?", 'What is the default timeout?'],
      ['What is the maximum?', 'What is the maximum? timeout'],
      [
        'Does VACUUM FULL give disk space back to the operating system?',
        'Does VACUUM FULL give disk space back to the operating system?',
      ],
      ['How large are transaction IDs?', 'How large are transaction IDs?'],
    ]);
  });

  it('when a French, German, Spanish or Arabic sentence asks two things, then each is asked on its own', () => {
    expect(
      asked(
        'Question',
        "Bonjour,\n\nD'où viennent les noms de code et qui est Sid ?\n\nMerci,\nPaul",
      ),
    ).toEqual(["D'où viennent les noms de code?", 'Qui est Sid?']);
    expect(
      asked(
        'Frage',
        'Hallo,\n\nWo liegt die Logdatei des Servers, und wie lange wird sie aufbewahrt?\n\nGrüße\nPetra',
      ),
    ).toEqual(['Wo liegt die Logdatei des Servers?', 'Wie lange wird sie aufbewahrt? Servers']);
    expect(
      asked(
        'Consulta',
        'Hola:\n\n¿Distingue Debian entre mayúsculas y minúsculas en la contraseña y a qué grupo tengo que pertenecer para usar el módem?\n\nSaludos,\nJuan',
      ),
    ).toEqual([
      '¿Distingue Debian entre mayúsculas y minúsculas en la contraseña?',
      'A qué grupo tengo que pertenecer para usar el módem?',
    ]);
    expect(
      asked('سؤال', 'مرحبا\n\nما هي مدة الضمان على المحرك وكيف أنظف الفلتر؟\n\nتحياتي\nسارة'),
    ).toEqual(['ما هي مدة الضمان على المحرك؟', 'كيف أنظف الفلتر؟']);
  });

  it('when "and" or "or" joins words rather than questions, then the sentence stays one question', () => {
    expect(
      asked(
        'Question',
        'Hi,\n\nWhich is faster, ext4 or XFS? How and when should I rotate the logs?\n\nTom',
      ),
    ).toEqual(['Which is faster, ext4 or XFS?', 'How and when should I rotate the logs?']);
  });

  it('when a new mail asks one thing in its subject line and another in its body, then both are answered; a reply’s subject is not asked again', () => {
    expect(
      asked(
        'How do I reset the X200 gateway?',
        'Hi,\n\nAlso, where can I find the serial number?\n\nThanks,\nTom\n\n--\nTom Becker | Northwind',
      ),
    ).toEqual(['How do I reset the X200 gateway?', 'Where can I find the serial number?']);
    expect(
      asked(
        'Re: How do I reset the X200 gateway?',
        'Thanks, that worked!\n\nWhere can I find the serial number?\n\nTom',
      ),
    ).toEqual(['Where can I find the serial number?']);
    // The body asks it again in its own words: asked once.
    expect(
      asked(
        'Resetting the X200 gateway?',
        'Hello,\n\nHow do I reset the X200 gateway to its factory settings?\n\nBest,\nAnna',
      ),
    ).toEqual(['How do I reset the X200 gateway to its factory settings?']);
  });

  it('when a lone question names what it asks about, then a generic subject is not searched with it', () => {
    expect(
      questionsOf(mail('Question', 'Hi,\n\nWhat is Cachegrind?\n\nThanks,\nTom')).questions,
    ).toEqual([{ asked: 'What is Cachegrind?', question: 'What is Cachegrind?', context: null }]);
    // One word that names nothing rests on the subject.
    expect(asked('Re: max_connections', "What's the default?\n\nTom")).toEqual([
      "max_connections\nWhat's the default?",
    ]);
  });
});
