/**
 * Month names as the console's languages write them in dates, with their usual abbreviations,
 * each to its month (1–12). Written in their folded form (lower case, no diacritics, Arabic
 * letters in one form, as foldWord gives them); dates.ts matches every written variant of them.
 *
 * Arabic writes the months three ways: the names taken from the Latin ones (Egypt, the Gulf),
 * the Syriac ones (the Levant, Iraq: "تموز", "كانون الثاني") and the French-derived ones of the
 * Maghreb ("جويلية", "أوت"), Morocco's own among them ("يوليوز", "غشت").
 */

const NAMES: Record<number, string[]> = {
  1: ['january', 'jan', 'janvier', 'janv', 'januar', 'janner', 'enero', 'ene'],
  2: ['february', 'feb', 'fevrier', 'fevr', 'fev', 'februar', 'febrero'],
  3: ['march', 'mar', 'mars', 'marz', 'maerz', 'mrz', 'marzo'],
  4: ['april', 'apr', 'avril', 'avr', 'abril', 'abr'],
  5: ['may', 'mai', 'mayo'],
  6: ['june', 'jun', 'juin', 'juni', 'junio'],
  7: ['july', 'jul', 'juillet', 'juil', 'juli', 'julio'],
  8: ['august', 'aug', 'aout', 'agosto', 'ago'],
  9: ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'set'],
  10: ['october', 'oct', 'octobre', 'oktober', 'okt', 'octubre'],
  11: ['november', 'nov', 'novembre', 'noviembre'],
  12: ['december', 'dec', 'decembre', 'dezember', 'dez', 'diciembre', 'dic'],
};

const ARABIC: Record<number, string[]> = {
  1: ['يناير', 'كانون الثاني', 'جانفي'],
  2: ['فبراير', 'فيفري', 'شباط', 'فبرير'],
  3: ['مارس', 'اذار'],
  4: ['ابريل', 'افريل', 'نيسان'],
  5: ['مايو', 'ماي', 'ايار'],
  6: ['يونيو', 'يونيه', 'حزيران', 'جوان'],
  7: ['يوليو', 'يوليه', 'تموز', 'جويليه', 'يوليوز'],
  8: ['اغسطس', 'اب', 'اوت', 'غشت'],
  9: ['سبتمبر', 'ايلول', 'شتنبر'],
  10: ['اكتوبر', 'تشرين الاول'],
  11: ['نوفمبر', 'تشرين الثاني', 'نونبر'],
  12: ['ديسمبر', 'كانون الاول', 'دجنبر'],
};

/**
 * Abbreviations that are everyday words elsewhere ("set", "ago" in English): read as a month
 * only in a text of their own language.
 */
const OWN_LANGUAGE_ONLY: Record<string, string> = { set: 'es', ago: 'es' };

/** Folded name -> month. */
export const MONTHS = new Map<string, number>();
for (const table of [NAMES, ARABIC])
  for (const [month, names] of Object.entries(table))
    for (const name of names) MONTHS.set(name, Number(month));

/** Whether a folded month name is read as a month in a text of `language`. */
export function monthNameCounts(name: string, language: string): boolean {
  const own = OWN_LANGUAGE_ONLY[name];
  return own === undefined || own === language;
}

/** Letters a written name may show where its folded form has one letter. */
const VARIANTS: Record<string, string> = {
  a: 'aàâä',
  e: 'eéèêë',
  i: 'iîï',
  o: 'oôö',
  u: 'uûüù',
  c: 'cç',
  ا: 'اأإآٱ',
  ه: 'هة',
  ي: 'يى',
};

/** A regular expression source matching a folded name as it may be written. */
function writtenForms(name: string): string {
  let out = '';
  for (const letter of name) {
    if (letter === ' ') out += '\\s+';
    else if (VARIANTS[letter]) out += `[${VARIANTS[letter]}]`;
    else out += letter;
  }
  return out;
}

/**
 * Every month name as it may be written, longest first (so "juillet" is not read as "juil"),
 * for a regular expression; German "März" written "Maerz" is a name of its own.
 */
export const MONTH_PATTERN = [...MONTHS.keys()]
  .sort((a, b) => b.length - a.length)
  .map(writtenForms)
  .join('|');
