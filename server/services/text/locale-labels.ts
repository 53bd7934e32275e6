/**
 * Server-side words in the asker's language: one object of a console namespace file,
 * public/locales/{lng}/{namespace}.json (the same files the SPA reads), English for any key a
 * language lacks. Used by the exports (SOP checklists, reports), which speak the asker's language.
 */
import { readFileSync } from 'node:fs';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../../../contract/constants';
import { projectRoot } from '../../project-root';

type Labels = Record<string, string>;

const cache = new Map<string, Labels>();

function read(namespace: string, key: string, lng: string): Labels {
  const id = `${lng}/${namespace}/${key}`;
  const cached = cache.get(id);
  if (cached) return cached;
  let labels: Labels = {};
  try {
    const url = new URL(`public/locales/${lng}/${namespace}.json`, projectRoot);
    const json = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
    const found = json[key];
    if (found && typeof found === 'object') labels = found as Labels;
  } catch {
    labels = {};
  }
  cache.set(id, labels);
  return labels;
}

/** A supported language from a `lng` value or an Accept-Language header; English otherwise. */
export function languageOf(...wishes: (string | undefined)[]): string {
  for (const wish of wishes)
    for (const tag of (wish ?? '').split(',')) {
      const lng = tag.split(';')[0]?.trim().toLowerCase().split('-')[0] ?? '';
      if ((SUPPORTED_LANGUAGES as readonly string[]).includes(lng)) return lng;
    }
  return FALLBACK_LANGUAGE;
}

type Values = Record<string, string | number>;

/** i18next's `{{name}}` placeholders filled in; the texts are plain (mail, files), so nothing is escaped. */
const fill = (text: string, values: Values | undefined) =>
  values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => String(values[k] ?? m)) : text;

/**
 * `t` over `{namespace}.json`'s `key` object in `language`, falling back to English, then the
 * key; `values` fill the text's `{{placeholders}}` as i18next does in the console.
 */
export function localeLabels(
  namespace: string,
  key: string,
  language: string | undefined,
): { lng: string; t: (name: string, values?: Values) => string } {
  const lng = languageOf(language);
  const own = read(namespace, key, lng);
  const fallback = read(namespace, key, FALLBACK_LANGUAGE);
  return { lng, t: (name, values) => fill(own[name] ?? fallback[name] ?? name, values) };
}
