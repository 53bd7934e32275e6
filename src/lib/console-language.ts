/**
 * The language the console shows, for calls made outside the React tree (thunks, mail links,
 * files the server lays out): read off <html lang>, which i18n.ts keeps in step with i18next.
 */
export function consoleLanguage(): string | undefined {
  return document.documentElement.lang || undefined;
}
