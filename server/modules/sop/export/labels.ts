/**
 * The words of a checklist export in the asker's language: the `export` keys of
 * public/locales/{lng}/sop.json, the same file the console reads (English for any key a
 * language lacks). Country names come from the runtime's CLDR data.
 */
import { countryName, type Checklist } from '../../../../contract/sop';
import { localeLabels } from '../../../services/text/locale-labels';

export function labelsFor(language: string | undefined): {
  lng: string;
  t: (key: string) => string;
} {
  return localeLabels('sop', 'export', language);
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
