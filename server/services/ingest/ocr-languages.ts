/**
 * Which OCR language data a scan is read with. The console speaks English, Spanish, French,
 * German and Arabic, so with `ocrLanguages: 'auto'` (the default) both engines read with every
 * one of those whose data is installed: Debian's `tesseract-ocr-{eng,spa,fra,deu,ara}` for the
 * system engine, the npm packages `@tesseract.js-data/{eng,spa,fra,deu,ara}` for tesseract.js.
 * English comes first: tesseract tries the first language on every word and the others only
 * where it is unsure, and most scans are at least partly English.
 */

/** tesseract's names of the console's languages, English first. */
export const CONSOLE_OCR_LANGUAGES = ['eng', 'spa', 'fra', 'deu', 'ara'] as const;

/**
 * The console languages among `installed`, as a tesseract `-l` value ('eng+fra+deu'); 'eng' when
 * none is installed, so the run that needs it says which data is missing.
 */
export function consoleLanguages(installed: Iterable<string>): string {
  const have = new Set([...installed].map((l) => l.trim()));
  const found = CONSOLE_OCR_LANGUAGES.filter((l) => have.has(l));
  return found.length > 0 ? found.join('+') : 'eng';
}
