import { describe, expect, it } from 'vitest';
import type { ChatReference } from '../../../contract/chat';
import { questionsOf } from './mail-asks';
import { composeReply, REPLY_PHRASES, replyLanguage, type AnsweredQuestion } from './reply-draft';

function reference(n: number, page: number, name = 'manual.pdf'): ChatReference {
  return {
    n,
    document_id: name === 'manual.pdf' ? 1 : 2,
    document_name: name,
    document_title: null,
    is_url: false,
    page,
    sheet: null,
    row_start: null,
    row_end: null,
    heading: null,
    snippet: '',
    score: 1,
  };
}

const tank: AnsweredQuestion = {
  asked: 'How many litres does the tank hold?',
  text: 'The tank holds 1.8 litres [1].',
  references: [reference(1, 2)],
  noAnswer: false,
};
const descaling: AnsweredQuestion = {
  asked: 'And how long does the descaling run?',
  text: 'Descaling runs for 25 minutes [1]. Descale every three months [2].',
  references: [reference(1, 4), reference(2, 2)],
  noAnswer: false,
};
const parking: AnsweredQuestion = {
  asked: 'Where can I park?',
  text: '',
  references: [],
  noAnswer: true,
};

describe('drafted reply', () => {
  it('when a mail asked two questions, then each answer stands under its question with its citations in one sources list', () => {
    const reply = composeReply({
      language: 'en',
      name: 'Tom',
      answers: [tank, descaling],
      signature: 'Support desk',
    });
    expect(reply.noAnswer).toBe(false);
    expect(reply.body).toBe(
      [
        'Hello Tom,',
        '',
        '> How many litres does the tank hold?',
        'The tank holds 1.8 litres [1].',
        '',
        '> And how long does the descaling run?',
        'Descaling runs for 25 minutes [2]. Descale every three months [1].',
        '',
        'Sources:',
        '[1] manual.pdf (page 2)',
        '[2] manual.pdf (page 4)',
        '',
        'Kind regards,',
        'Support desk',
      ].join('\n'),
    );
    expect(reply.references.map((r) => [r.n, r.page])).toEqual([
      [1, 2],
      [2, 4],
    ]);
  });

  it('when one of two questions found nothing, then only that one says so', () => {
    const reply = composeReply({
      language: 'en',
      name: '',
      answers: [parking, tank],
      signature: 'Support desk',
    });
    expect(reply.noAnswer).toBe(false);
    expect(reply.body).toContain(`> Where can I park?\n${REPLY_PHRASES.en.noAnswerPart}\n`);
    expect(reply.body).toContain(
      '> How many litres does the tank hold?\nThe tank holds 1.8 litres [1].',
    );
    expect(reply.body).not.toContain(REPLY_PHRASES.en.noAnswer);
  });

  it('when nothing a mail asks was found, then the reply says so once and cites nothing', () => {
    const reply = composeReply({
      language: 'en',
      name: 'Ann',
      answers: [parking, { ...parking, asked: 'Is there a canteen?' }],
      signature: 'Support desk',
    });
    expect(reply).toEqual({
      body: `Hello Ann,\n\n${REPLY_PHRASES.en.noAnswer}\n\nKind regards,\nSupport desk`,
      references: [],
      noAnswer: true,
    });
  });

  it('when an answer cites nothing in its words, then its sources are named after it', () => {
    const reply = composeReply({
      language: 'en',
      name: '',
      answers: [{ ...tank, text: 'The tank holds 1.8 litres.' }, descaling],
      signature: 'Desk',
    });
    expect(reply.body).toContain('The tank holds 1.8 litres. [1]');
  });

  it('when a mail is written in French, German, Spanish or Arabic, then the reply is written in it', () => {
    expect(replyLanguage('Bonjour,\nComment réinitialiser la passerelle ?\nCordialement')).toBe(
      'fr',
    );
    expect(replyLanguage('Hallo,\nwie setze ich das Gerät zurück?\nViele Grüße')).toBe('de');
    expect(replyLanguage('Hola,\n¿Cómo reinicio la pasarela?\nSaludos')).toBe('es');
    expect(replyLanguage('مرحباً، كيف أعيد ضبط البوابة؟')).toBe('ar');
    expect(replyLanguage('Ciao, come posso resettare il dispositivo?')).toBe('en');
    const reply = composeReply({
      language: 'fr',
      name: 'Marie',
      answers: [{ ...tank, asked: 'Quelle est la capacité du réservoir ?' }],
      signature: 'Support',
    });
    expect(reply.body).toBe(
      'Bonjour Marie,\n\nThe tank holds 1.8 litres [1].\n\nSources :\n[1] manual.pdf (page 2)\n\nCordialement,\nSupport',
    );
  });

  it('when the body asks too little on its own, then the subject is asked along', () => {
    const mail = (text_body: string, subject = 'Re: Aquaflow 300 tank') => ({
      subject,
      text_body,
      from_name: 'Tom Baker',
    });
    expect(questionsOf(mail('Capacity?\n\nTom')).questions).toEqual([
      { asked: 'Capacity?', question: 'Aquaflow 300 tank\nCapacity?', context: null },
    ]);
    expect(questionsOf(mail('Hi,\n\nThanks,\nTom')).questions).toEqual([
      { asked: 'Aquaflow 300 tank', question: 'Aquaflow 300 tank', context: null },
    ]);
    expect(questionsOf(mail('', '')).questions).toEqual([]);
  });
});
