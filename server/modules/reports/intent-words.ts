/**
 * Words that say how a person feels about a thing, not what the thing is ("awful", "great",
 * "genial", "schrecklich", "رائع"), with the intensifiers around them ("very", "muy", "sehr")
 * greetings ("hi", "hola"), and the words that only ask ("how", "comment", "wie", "كيف",
 * "obtenir"), which a language's stop words do not always hold:
 * an intent's label leaves them out, in each console language alike. Stop words and the words
 * that frame a request are the language analysis's own (services/text/analysis); these are the
 * ones it keeps because a document may be about them. Compared by stem, so "loved" is "love".
 */
import { stem } from '../../services/text/terms';

const FEELINGS: Record<string, string> = {
  en:
    'awful terrible horrible bad worse worst poor angry annoyed upset disappointed ' +
    'disappointing frustrated frustrating hate useless ridiculous unacceptable disgusting ' +
    'great good excellent wonderful amazing awesome love lovely happy perfect fantastic nice ' +
    'helpful brilliant superb sorry unfortunately very so totally absolutely extremely ' +
    'incredibly super seriously hi hello hey cheers ' +
    'how what where when why which who whom whose obtain receive',
  es:
    'terrible horrible malo mala pésimo pésima peor enfadado enfadada molesto molesta ' +
    'decepcionado decepcionada frustrado frustrada odio inútil ridículo inaceptable ' +
    'excelente genial bueno buena maravilloso maravillosa increíble encanta feliz perfecto ' +
    'perfecta fantástico fantástica amable útil lamentablemente siento muy totalmente ' +
    'absolutamente súper demasiado hola buenas saludos ' +
    'cómo como qué que dónde donde cuándo cuando cuál cuáles quién quiénes obtener ' +
    'conseguir recibir',
  fr:
    'horrible terrible affreux affreuse mauvais mauvaise pire nul nulle fâché fâchée énervé ' +
    'énervée déçu déçue frustré frustrée déteste inutile ridicule inacceptable excellent ' +
    'excellente génial géniale bon bonne merveilleux merveilleuse incroyable adore heureux ' +
    'heureuse parfait parfaite fantastique super utile désolé désolée malheureusement très ' +
    'trop totalement absolument bonjour salut bonsoir ' +
    'comment où quand pourquoi quel quelle quels quelles qui que quoi obtenir avoir recevoir',
  de:
    'schrecklich furchtbar schlecht schlimm miserabel ärgerlich wütend verärgert enttäuscht ' +
    'enttäuschend frustriert hasse nutzlos lächerlich inakzeptabel ausgezeichnet toll gut ' +
    'super wunderbar großartig fantastisch liebe glücklich perfekt hilfreich leider sehr ' +
    'echt total absolut völlig extrem hallo servus moin ' +
    'wie was wo wann warum welche welcher welches wer wieso weshalb bekommen erhalten',
  ar:
    'سيء سيئ سيئة فظيع فظيعة رهيب رهيبة أسوأ غاضب غاضبة منزعج محبط محبطة أكره سخيف ' +
    'ممتاز ممتازة رائع رائعة جيد جيدة جميل جميلة أحب سعيد سعيدة مثالي مفيد مفيدة ' +
    'للأسف آسف جدا جداً للغاية تماما كثيرا مرحبا مرحباً أهلا السلام ' +
    'كيف ماذا ما أين متى لماذا أي من هل كم أحصل الحصول',
};

const cache = new Map<string, ReadonlySet<string>>();

/** The stems of the language's feeling words. */
function feelingsOf(language: string): ReadonlySet<string> {
  const known = cache.get(language);
  if (known) return known;
  const words = (FEELINGS[language] ?? '').split(/\s+/).filter(Boolean);
  const set = new Set(words.flatMap((w) => [w, stem(w, language)]));
  cache.set(language, set);
  return set;
}

/** Answers per language and word: a period's questions repeat their words a great deal. */
const answers = new Map<string, boolean>();

/** The word (as written, any case) says a feeling or how strong one is. */
export function isFeelingWord(word: string, language: string): boolean {
  const lower = word.toLowerCase();
  const id = `${language} ${lower}`;
  const known = answers.get(id);
  if (known !== undefined) return known;
  const feelings = feelingsOf(language);
  const answer = feelings.has(lower) || feelings.has(stem(lower, language));
  // Bounded: a server reading many periods keeps at most this many words.
  if (answers.size > 50_000) answers.clear();
  answers.set(id, answer);
  return answer;
}
