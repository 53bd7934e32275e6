/**
 * Words that frame a request rather than say what it is about, per language: "Could you tell me
 * …", "I was wondering whether …", "Pourriez-vous m'indiquer …", "Könnten Sie mir bitte sagen
 * …". A verbose or polite question must answer as its short form does, so these words are not
 * terms of a question (a document that uses them still has them: "SHOW" is a command). The
 * stop-word lists hold the pronouns and auxiliaries; these are the verbs and fillers around them,
 * and the question words some lists lack ("quand", "wann"), which say what kind of answer is
 * asked (sentence-signals.ts reads that) but are no word of the answer, and the prepositions and
 * adverbs a short list lacks that the English list has ("sous", "après", "toujours", "immer").
 */
const FRAMING: Record<string, string> = {
  en:
    'about above after again against all also am any because before being below between both ' +
    'down during each either else ever every few further get gets give given go here however ' +
    'just know let like many might more most much must need no nor not now off once one only ' +
    'other ought out over own please same say says shall should show some still such tell ' +
    'thank thanks than too under until upon very way ways whether while within without yes yet ' +
    'thing things anything something explain describe mean means summarise summarize outline ' +
    'wonder wondering wondered curious kindly appreciate would want wish actually really ' +
    'basically exactly roughly approximately perhaps maybe quite rather somehow anyway',
  fr:
    'pourriez pouvez pourrais pourrait pouvoir savoir sais sait dire dites indiquer indiquez ' +
    'expliquer expliquez voudrais voulais voudrions aimerais souhaiterais souhaite merci svp ' +
    'plait plaît bonjour exactement environ vraiment approximativement peut-être peut peuvent ' +
    'puis dois doit doivent faut quand comment pourquoi où combien quoi lequel laquelle ' +
    'lesquels lesquelles sous entre vers chez après avant depuis pendant selon contre parmi ' +
    'lors jusque jusqu afin donc ainsi alors aussi très plus moins bien tout tous toute ' +
    'toutes chaque quelque plusieurs autre autres encore déjà toujours jamais être été ' +
    'chose choses',
  de:
    'könnten können könnte kann würden würde wissen weiß sagen sag erklären erklärt bitte ' +
    'möchte möchten gerne gern danke mir uns vielleicht eigentlich genau ungefähr wirklich ' +
    'etwa überhaupt darf dürfen muss müssen soll sollte sollen kann wann warum wieso weshalb ' +
    'wieviel viele wer woher wohin seit neben mehr weniger immer nie schon ding dinge',
  es:
    'podría podrían puede pueden podrías decir decirme dime indicar indicarme explicar ' +
    'explicarme saber sé gustaría quisiera quiero favor gracias exactamente aproximadamente ' +
    'realmente quizás puedo puede pueden debo debe deben hay cosa cosas algo',
  ar: 'لماذا هل يمكن يمكنك يمكنكم أريد أود نريد معرفة أعرف أخبرني أخبرنا اخبرني توضيح وضح فضلك سمحت شكرا بالضبط تقريبا حقا ربما',
};

const cache = new Map<string, ReadonlySet<string>>();

/** The language's framing words, lower-case as written. */
export function framingWordsOf(language: string): ReadonlySet<string> {
  const known = cache.get(language);
  if (known) return known;
  const set = new Set((FRAMING[language] ?? '').split(/\s+/).filter(Boolean));
  cache.set(language, set);
  return set;
}
