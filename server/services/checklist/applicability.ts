/**
 * What a requirement applies to: shipment modes and countries named in its own words or in its
 * section's heading (the heading wins: "Air freight" rules every item under it), and which
 * requirements a shipment keeps. Countries are found by their English names (the runtime's
 * CLDR data) and a few common short forms.
 */
import {
  COUNTRY_CODES,
  SHIPMENT_MODES,
  type ExcludedItem,
  type ShipmentMode,
} from '../../../contract/sop';
import type { Requirement } from './types';

const MODE_WORDS: Record<ShipmentMode, RegExp> = {
  air: /\b(air(?![- ]condition)|air ?freight|aircraft|airlines?|airports?|air waybills?|awb|iata|flights?|cargo planes?)\b/i,
  sea: /\b(sea|sea ?freight|ocean|vessels?|ships?|maritime|bills? of lading|b\/l|fcl|lcl|imdg|port of (?:loading|discharge))\b/i,
  road: /\b(road|trucks?|lorr(?:y|ies)|trailers?|cmr|hauliers?|haulage)\b/i,
  rail: /\b(rail|railways?|railroads?|wagons?|freight trains?|cim consignment note)\b/i,
};
/** "all modes" / "every shipment mode": the text names modes to say it applies to all. */
const EVERY_MODE = /\b(all|every|any)\s+(shipment\s+|transport\s+)?modes?\b/i;

export function modesIn(text: string): ShipmentMode[] {
  if (EVERY_MODE.test(text)) return [];
  return SHIPMENT_MODES.filter((mode) => MODE_WORDS[mode].test(text));
}

const ALIASES: Record<string, string> = {
  USA: 'US',
  'U.S.': 'US',
  'United States of America': 'US',
  UK: 'GB',
  'Great Britain': 'GB',
  England: 'GB',
  Holland: 'NL',
  Turkey: 'TR',
  UAE: 'AE',
  'South Korea': 'KR',
  Russia: 'RU',
  Vietnam: 'VN',
  'Czech Republic': 'CZ',
};

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let countryIndex: { pattern: RegExp; codeOf: Map<string, string> } | null = null;

/** One regular expression over every country name (longest first), built once. */
function countries() {
  if (countryIndex) return countryIndex;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const codeOf = new Map<string, string>();
  for (const code of COUNTRY_CODES) {
    const name = names.of(code);
    // "Congo - Kinshasa" and the like are not how a text names a country.
    if (name && name !== code && !/[-(),]/.test(name)) codeOf.set(name.toLowerCase(), code);
  }
  for (const [alias, code] of Object.entries(ALIASES)) codeOf.set(alias.toLowerCase(), code);
  const alternatives = [...codeOf.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<![\\p{L}])(${alternatives.join('|')})(?![\\p{L}])`, 'giu');
  countryIndex = { pattern, codeOf };
  return countryIndex;
}

export function countriesIn(text: string): string[] {
  const { pattern, codeOf } = countries();
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    const word = match[1];
    // Short forms count only when written as such (UK, USA), never "uk" inside a sentence.
    if (word.length <= 4 && word !== word.toUpperCase()) continue;
    const code = codeOf.get(word.toLowerCase());
    if (code) found.add(code);
  }
  return [...found].sort();
}

/** Modes and countries of a requirement: its heading's when the heading names them. */
export function scopeOf(section: string, text: string) {
  const headingModes = modesIn(section);
  const headingCountries = countriesIn(section);
  return {
    modes: headingModes.length > 0 ? headingModes : modesIn(text),
    countries: headingCountries.length > 0 ? headingCountries : countriesIn(text),
  };
}

interface Shipment {
  shipment_mode: ShipmentMode;
  from_location: string;
  to_location: string;
}

/** The requirements a shipment keeps, in SOP order, and those left out with the reason. */
export function selectFor(requirements: readonly Requirement[], shipment: Shipment) {
  const kept: Requirement[] = [];
  const excluded: ExcludedItem[] = [];
  for (const r of requirements) {
    const base = { section: r.section, text: r.text, page: r.page };
    if (r.modes.length > 0 && !r.modes.includes(shipment.shipment_mode))
      excluded.push({ ...base, reason: 'mode', applies_to: r.modes });
    else if (
      r.countries.length > 0 &&
      !r.countries.includes(shipment.from_location) &&
      !r.countries.includes(shipment.to_location)
    )
      excluded.push({ ...base, reason: 'country', applies_to: r.countries });
    else kept.push(r);
  }
  return { kept, excluded };
}
