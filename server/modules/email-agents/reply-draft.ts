/**
 * The drafted reply's text: a greeting, the answer (or, for a mail asking several things, each
 * answer under its question), the sources, and the account's sign-off. It is written in the
 * language of the customer's mail (one of the console's five, English otherwise), since the
 * customer reads it, not a console user.
 *
 * Each question was answered on its own, with citations numbered [1], [2]… from one; here they
 * are renumbered into one sources list, a source cited by two answers keeping one number.
 */
import { createRequire } from 'node:module';
import type { ChatReference } from '../../../contract/chat';

export const REPLY_LANGUAGES = ['en', 'es', 'fr', 'de', 'ar'] as const;
export type ReplyLanguage = (typeof REPLY_LANGUAGES)[number];

interface Phrases {
  hello: (name: string) => string;
  /** The whole reply when nothing the mail asks was found. */
  noAnswer: string;
  /** Under one question of several that nothing was found for. */
  noAnswerPart: string;
  sources: string;
  page: string;
  regards: string;
}

export const REPLY_PHRASES: Record<ReplyLanguage, Phrases> = {
  en: {
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    noAnswer:
      'Thank you for your message. I could not find anything about this in our knowledge base, so a colleague will look into it and answer you personally.',
    noAnswerPart:
      'I could not find anything about this in our knowledge base; a colleague will answer it personally.',
    sources: 'Sources:',
    page: 'page',
    regards: 'Kind regards,',
  },
  es: {
    hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    noAnswer:
      'Gracias por su mensaje. No he encontrado nada sobre esto en nuestra base de conocimientos, así que un compañero lo revisará y le responderá personalmente.',
    noAnswerPart:
      'No he encontrado nada sobre esto en nuestra base de conocimientos; un compañero le responderá personalmente.',
    sources: 'Fuentes:',
    page: 'página',
    regards: 'Saludos cordiales,',
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    noAnswer:
      "Merci pour votre message. Je n'ai rien trouvé à ce sujet dans notre base de connaissances ; un collègue va donc l'examiner et vous répondre personnellement.",
    noAnswerPart:
      "Je n'ai rien trouvé à ce sujet dans notre base de connaissances ; un collègue vous répondra personnellement.",
    sources: 'Sources :',
    page: 'page',
    regards: 'Cordialement,',
  },
  de: {
    hello: (name) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    noAnswer:
      'Vielen Dank für Ihre Nachricht. Dazu habe ich in unserer Wissensdatenbank nichts gefunden; eine Kollegin oder ein Kollege sieht sich das an und antwortet Ihnen persönlich.',
    noAnswerPart:
      'Dazu habe ich in unserer Wissensdatenbank nichts gefunden; eine Kollegin oder ein Kollege antwortet Ihnen persönlich.',
    sources: 'Quellen:',
    page: 'Seite',
    regards: 'Mit freundlichen Grüßen',
  },
  ar: {
    hello: (name) => (name ? `مرحباً ${name}،` : 'مرحباً،'),
    noAnswer:
      'شكراً لرسالتك. لم أجد شيئاً عن هذا في قاعدة المعرفة لدينا، لذا سيطّلع عليه أحد الزملاء ويردّ عليك شخصياً.',
    noAnswerPart: 'لم أجد شيئاً عن هذا في قاعدة المعرفة لدينا؛ سيردّ عليك أحد الزملاء شخصياً.',
    sources: 'المصادر:',
    page: 'صفحة',
    regards: 'مع أطيب التحيات،',
  },
};

const require = createRequire(import.meta.url);
type Detect = (text: string) => string;
let detector: Detect | undefined;

/** The language to answer a mail in: that of its own words, English when unclear or other. */
export function replyLanguage(text: string): ReplyLanguage {
  if (/\p{Script=Arabic}/u.test(text)) return 'ar';
  if (!/\p{L}/u.test(text)) return 'en';
  detector ??= (require('tinyld') as { detect: Detect }).detect;
  // Among all languages it knows: an Italian mail is answered in English, not in French.
  const found = detector(text.slice(0, 2000));
  return (REPLY_LANGUAGES as readonly string[]).includes(found) ? (found as ReplyLanguage) : 'en';
}

export interface AnsweredQuestion {
  /** The customer's words, quoted above the answer. */
  asked: string;
  text: string;
  references: ChatReference[];
  noAnswer: boolean;
}

interface Reply {
  body: string;
  /** Every answer's sources, numbered as the body cites them. */
  references: ChatReference[];
  /** True when nothing the mail asks was found. */
  noAnswer: boolean;
}

const QUOTE_CHARS = 200;

function brief(asked: string): string {
  const text = asked.replace(/\s+/g, ' ').trim();
  if (text.length <= QUOTE_CHARS) return text;
  return `${text.slice(0, QUOTE_CHARS).replace(/\s+\S*$/, '')} …`;
}

const sourceKey = (r: ChatReference) =>
  [r.document_id, r.page, r.sheet, r.row_start, r.row_end, r.heading].join('|');

/** The answers' citations in one numbering, and each answer's text cited in it. */
function renumbered(answers: AnsweredQuestion[]): { texts: string[]; references: ChatReference[] } {
  const references: ChatReference[] = [];
  const numberOf = new Map<string, number>();
  const texts = answers.map((a) => {
    if (a.noAnswer) return '';
    const local = new Map<number, number>();
    for (const r of a.references) {
      const key = sourceKey(r);
      let n = numberOf.get(key);
      if (n === undefined) {
        n = references.length + 1;
        numberOf.set(key, n);
        references.push({ ...r, n });
      }
      local.set(r.n, n);
    }
    const text = a.text.trim().replace(/\[(\d+(?:\s*,\s*\d+)*)\]/g, (whole, list: string) => {
      const mapped = list.split(',').map((n) => local.get(Number(n.trim())));
      return mapped.every((n) => n !== undefined) ? `[${mapped.join(', ')}]` : whole;
    });
    // An answer that cites nothing in its words still shows which sources it came from.
    const cites = /\[\d+(?:\s*,\s*\d+)*\]/.test(text);
    const own = [...new Set(local.values())];
    return cites || own.length === 0 ? text : `${text} ${own.map((n) => `[${n}]`).join('')}`;
  });
  return { texts, references };
}

function sourceLine(r: ChatReference, phrases: Phrases): string {
  const where = [r.page ? `${phrases.page} ${r.page}` : null, r.heading].filter(Boolean).join(', ');
  return `[${r.n}] ${r.document_title ?? r.document_name}${where ? ` (${where})` : ''}`;
}

export function composeReply(input: {
  language: ReplyLanguage;
  name: string;
  answers: AnsweredQuestion[];
  signature: string;
}): Reply {
  const phrases = REPLY_PHRASES[input.language];
  const closing = ['', phrases.regards, input.signature];
  const answered = input.answers.filter((a) => !a.noAnswer);
  if (answered.length === 0) {
    const body = [phrases.hello(input.name), '', phrases.noAnswer, ...closing];
    return { body: body.join('\n'), references: [], noAnswer: true };
  }
  const { texts, references } = renumbered(input.answers);
  const parts = [phrases.hello(input.name), ''];
  if (input.answers.length === 1) parts.push(texts[0]);
  else
    input.answers.forEach((a, i) => {
      if (i > 0) parts.push('');
      parts.push(`> ${brief(a.asked)}`, a.noAnswer ? phrases.noAnswerPart : texts[i]);
    });
  if (references.length)
    parts.push('', phrases.sources, ...references.map((r) => sourceLine(r, phrases)));
  return { body: [...parts, ...closing].join('\n'), references, noAnswer: false };
}
