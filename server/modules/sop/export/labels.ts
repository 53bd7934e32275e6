/**
 * The words of a checklist export in the asker's language: the `export` keys of
 * public/locales/{lng}/sop.json, the same file the console reads (English for any key a
 * language lacks). Country names come from the runtime's CLDR data.
 */
import { readFileSync } from 'node:fs';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../../../../contract/constants';
import { countryName, type Checklist } from '../../../../contract/sop';

export type ExportLabels = Record<string, string>;

const cache = new Map<string, ExportLabels>();

function read(lng: string): ExportLabels {
  const cached = cache.get(lng);
  if (cached) return cached;
  let labels: ExportLabels = {};
  try {
    const url = new URL(`../../../../public/locales/${lng}/sop.json`, import.meta.url);
    const json = JSON.parse(readFileSync(url, 'utf8')) as { export?: ExportLabels };
    labels = json.export ?? {};
  } catch {
    labels = {};
  }
  cache.set(lng, labels);
  return labels;
}

export function labelsFor(language: string | undefined): {
  lng: string;
  t: (key: string) => string;
} {
  const lng = (SUPPORTED_LANGUAGES as readonly string[]).includes(language ?? '')
    ? (language as string)
    : FALLBACK_LANGUAGE;
  const own = read(lng);
  const fallback = read(FALLBACK_LANGUAGE);
  return { lng, t: (key) => own[key] ?? fallback[key] ?? key };
}

/** One item's state in words. */
export function stateOf(item: Checklist['items'][number], t: (key: string) => string): string {
  if (item.done) return t('done');
  if (item.not_applicable) return t('notApplicable');
  return t('open');
}

/** The header lines every format starts with. */
export function headerRows(
  c: Checklist,
  lng: string,
  t: (key: string) => string,
): [string, string][] {
  return [
    [t('checklist'), c.name],
    [t('sop'), c.sop_name],
    [t('client'), c.client_name],
    [t('route'), `${countryName(c.from_location, lng)} → ${countryName(c.to_location, lng)}`],
    [t('mode'), t(`mode_${c.shipment_mode}`)],
    [t('dates'), `${c.start_date} – ${c.end_date}`],
    [t('status'), t(`status_${c.status}`)],
  ];
}

/** Items in SOP order, grouped under their section. */
export function bySection(items: Checklist['items']): [string, Checklist['items']][] {
  const groups = new Map<string, Checklist['items']>();
  for (const item of items) {
    const list = groups.get(item.section) ?? [];
    list.push(item);
    groups.set(item.section, list);
  }
  return [...groups.entries()];
}
