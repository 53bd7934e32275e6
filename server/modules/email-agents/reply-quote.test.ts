import { describe, expect, it } from 'vitest';
import { readMail } from '../../services/mail/mail-questions';
import { outgoingBody, type QuotedOriginal } from './reply-quote';

const original: QuotedOriginal = {
  from: { name: 'Tom Baker', address: 'tom@example.test' },
  date: '2025-03-03T10:12:00Z',
  messageId: '<q1@example.test>',
  text: 'Hello,\nwhen does the office open?\n\n> an older quote\nThanks, Tom',
  html: null,
};

const replies = {
  en: [
    'Hello Tom,\nThe harbour office opens at 07:15 on weekdays.',
    /^On 3 Mar 2025, 10:12 UTC, Tom Baker <tom@example\.test> wrote:$/m,
  ],
  fr: [
    'Bonjour Tom,\nLe bureau du port ouvre à 7 h 15 en semaine, du lundi au vendredi.',
    /^Le 3 mars 2025, 10:12 UTC, Tom Baker <tom@example\.test> a écrit :$/m,
  ],
  de: [
    'Hallo Tom,\ndas Hafenbüro öffnet werktags um 7:15 Uhr, von Montag bis Freitag.',
    /^Am 03\.03\.2025, 10:12 UTC schrieb Tom Baker <tom@example\.test>:$/m,
  ],
  es: [
    'Hola Tom:\nLa oficina del puerto abre a las 7:15 los días laborables, de lunes a viernes.',
    /^El 3 mar 2025, 10:12 UTC, Tom Baker <tom@example\.test> escribió:$/m,
  ],
  ar: [
    'مرحباً توم،\nيفتح مكتب الميناء في السابعة والربع صباحاً في أيام العمل.',
    /^في .+ UTC، Tom Baker <tom@example\.test> كتب:$/m,
  ],
} as const;

describe('a reply laid out as mail clients lay it out', () => {
  for (const [language, [body, attribution]] of Object.entries(replies))
    it(`when a reply is written in ${language}, then its quote is introduced in ${language}, and the agent's own reader takes only the reply's words`, () => {
      const { text, html } = outgoingBody(body, '', original);
      expect(text).toMatch(attribution);
      expect(text).toContain('\n> when does the office open?\n>\n>> an older quote\n> Thanks, Tom');
      expect(html).toContain('<blockquote type="cite" cite="mid:q1@example.test"');
      // Answered again by the customer above it, the quote is not read as their words.
      const read = readMail(`Thank you, that helps.\n\n${text}`);
      expect(read.own).not.toContain('office open?');
      expect(read.own).not.toMatch(attribution);
    });

  it('when there is a signature, then it stands after "-- " between the text and the quote, once', () => {
    const { text } = outgoingBody('Hi Tom,\nYes.', '-- \nMarina\nHarbour desk\n\n', original);
    expect(text.startsWith('Hi Tom,\nYes.\n\n-- \nMarina\nHarbour desk\n\nOn ')).toBe(true);
    expect(text.match(/^-- $/gm)).toHaveLength(1);
  });

  it('when a new mail has no signature, then it goes exactly as written, as text only', () => {
    expect(outgoingBody('Berth 7.  \n', '')).toEqual({ text: 'Berth 7.  \n' });
  });

  it('when the text holds markup, then the HTML part shows it as text', () => {
    const { html } = outgoingBody('Use <b>bold</b> & "quotes"', 'A <i>sig</i>', original);
    expect(html).toContain('Use &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('A &lt;i&gt;sig&lt;/i&gt;');
  });
});
