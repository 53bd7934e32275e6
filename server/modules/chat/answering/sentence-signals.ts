/**
 * What the built-in engine reads in a question's or a sentence's wording beyond its terms, per
 * console language: a question asking "when" or "how much", a sentence defining its subject
 * ("Lackey is a …", "Lackey est un …"), pointing back to the one before ("It …", "Il …"), or
 * giving a time or condition. A language without an entry gets none of these signals, which
 * only add to a sentence's score, so it is answered on its terms alone.
 */

interface Signals {
  /** "When …?" */
  asksWhen: RegExp;
  /** "How much …?"; its first group, when any, is the word naming the dimension ("large"). */
  asksAmount: RegExp;
  /** The verb "to be" after a subject, and the article or word after it: a definition. */
  copula: RegExp;
  article: RegExp;
  /** A sentence opening that points back to what the one before named. */
  refersBack: RegExp;
  /** Words before a noun that point to something already named ("the project"). */
  determiners: ReadonlySet<string>;
  /** A condition or time said in words (dates and years are read for every language). */
  condition: RegExp;
}

const SIGNALS: Record<string, Signals> = {
  en: {
    asksWhen: /^\s*when\b/i,
    asksAmount: /\bhow (much|many|big|large|long|old|often|small|high|wide|far)\b/i,
    copula: /^(?:is|are)$/,
    article: /^(?:a|an|the|one|used)$/,
    refersBack: /^(?:it|its|this|these|they|their|he|she|such)\b/i,
    determiners: new Set(['the', 'this', 'that', 'these', 'its', 'their']),
    condition:
      /\b(?:when|whenever|if|once|unless|after|before|as soon as)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d/i,
  },
  es: {
    asksWhen: /^\s*¿?\s*(?:cuándo|cuando)\b/i,
    asksAmount: /(?:^|\s|¿)(?:cuánto|cuánta|cuántos|cuántas|qué tan (\p{L}+))(?=\s|$)/iu,
    copula: /^(?:es|son)$/,
    article: /^(?:un|una|el|la|los|las|uno)$/,
    refersBack: /^(?:él|ella|ellos|ellas|este|esta|estos|estas|esto|su|sus|dicho|dicha)(?=\s|$)/iu,
    determiners: new Set(['el', 'la', 'los', 'las', 'este', 'esta', 'estos', 'estas', 'su', 'sus']),
    condition: /(?:^|\s)(?:cuando|si|una vez|a menos que|después|antes|tan pronto como)(?=\s|$)/iu,
  },
  fr: {
    asksWhen: /^\s*quand\b/i,
    asksAmount: /(?:^|\s)combien(?=\s|$)/iu,
    copula: /^(?:est|sont)$/,
    article: /^(?:un|une|le|la|les|l)$/,
    refersBack: /^(?:il|elle|ils|elles|ce|cet|cette|ces|cela|ceci|son|sa|ses|leur|leurs)(?=\s|$)/iu,
    determiners: new Set(['le', 'la', 'les', 'ce', 'cet', 'cette', 'ces', 'son', 'sa', 'ses']),
    condition:
      /(?:^|\s)(?:quand|lorsque|lorsqu|si|dès que|une fois|après|avant|sauf si)(?=[\s']|$)/iu,
  },
  de: {
    asksWhen: /^\s*wann\b/i,
    asksAmount: /\bwie (viel|viele|groß|gross|lange|lang|alt|oft|klein|hoch|breit|weit)(?=\s|$)/iu,
    copula: /^(?:ist|sind)$/,
    article: /^(?:ein|eine|einer|der|die|das)$/,
    refersBack: /^(?:er|sie|es|dies|diese|dieser|dieses|sein|seine|ihr|ihre)(?=\s|$)/iu,
    determiners: new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'dieser', 'diese', 'dieses']),
    condition: /(?:^|\s)(?:wenn|falls|sobald|nachdem|bevor|sofern|solange)(?=\s|$)/iu,
  },
  ar: {
    asksWhen: /^\s*متى(?=\s|$)/u,
    asksAmount: /(?:^|\s)كم(?=\s|$)/u,
    copula: /^(?:هو|هي|هم)$/u,
    article: /^\p{L}/u,
    refersBack: /^(?:هو|هي|هذا|هذه|ذلك|تلك|هم)(?=\s|$)/u,
    determiners: new Set(['هذا', 'هذه', 'ذلك', 'تلك']),
    condition: /(?:^|\s)(?:عندما|إذا|اذا|بعد|قبل|حين|حالما|متى)(?=\s|$)/u,
  },
};

const NONE: Signals = {
  asksWhen: /(?!)/,
  asksAmount: /(?!)/,
  copula: /(?!)/,
  article: /(?!)/,
  refersBack: /(?!)/,
  determiners: new Set(),
  condition: /(?!)/,
};

/** Text of no determined language (tables, codes) is read as English, as analysis stems it. */
export const signalsOf = (language: string): Signals =>
  SIGNALS[language] ?? (language === 'und' ? SIGNALS.en : NONE);

/** A date or year, in any language: ISO dates, years, "July 3" (dates.ts reads the rest). */
export const TIME = /\b\d{4}-\d\d-\d\d\b|\b(?:1[89]|20)\d\d\b/;
