/**
 * Tables for answering tests: a workbook whose cells are real dates and formatted numbers (one
 * weather log per console language, its headers in that language, and a trade sheet keyed by
 * year), and a CSV of figures written as people write them. Every value is made from its row,
 * so a test can say which value a row holds.
 */
import { writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';

/** A weather log of one city, its headers in `language`. */
interface WeatherLog {
  sheet: string;
  language: string;
  headers: [date: string, rain: string, wind: string, sky: string];
  /** The date format its date cells show. */
  dateFormat: string;
  /** Its first day (UTC); one row a day, DAYS days. */
  first: Date;
}

const DAYS = 20;

export const WEATHER_LOGS: WeatherLog[] = [
  {
    sheet: 'Seattle',
    language: 'en',
    headers: ['Date', 'Rainfall (mm)', 'Wind speed (m/s)', 'Sky'],
    dateFormat: 'yyyy-mm-dd',
    first: new Date(Date.UTC(2013, 0, 1)),
  },
  {
    sheet: 'Bordeaux',
    language: 'fr',
    headers: ['Date', 'Pluie (mm)', 'Vent (m/s)', 'Ciel'],
    dateFormat: 'dd/mm/yyyy',
    first: new Date(Date.UTC(2013, 1, 1)),
  },
  {
    sheet: 'Hamburg',
    language: 'de',
    headers: ['Datum', 'Regen (mm)', 'Wind (m/s)', 'Himmel'],
    dateFormat: 'dd.mm.yyyy',
    first: new Date(Date.UTC(2013, 2, 1)),
  },
  {
    sheet: 'Sevilla',
    language: 'es',
    headers: ['Fecha', 'Lluvia (mm)', 'Viento (m/s)', 'Cielo'],
    dateFormat: 'd-mmm-yy',
    first: new Date(Date.UTC(2013, 3, 1)),
  },
  {
    sheet: 'الإسكندرية',
    language: 'ar',
    headers: ['التاريخ', 'المطر (مم)', 'الرياح (م/ث)', 'السماء'],
    dateFormat: 'mm-dd-yy',
    first: new Date(Date.UTC(2013, 4, 1)),
  },
];

const SKIES: Record<string, string[]> = {
  en: ['sunny', 'cloudy', 'overcast', 'showers'],
  fr: ['ensoleillé', 'nuageux', 'couvert', 'averses'],
  de: ['sonnig', 'bewölkt', 'bedeckt', 'Schauer'],
  es: ['soleado', 'nublado', 'cubierto', 'chubascos'],
  ar: ['مشمس', 'غائم', 'ملبد', 'زخات'],
};

/** The i-th day's rain (mm, one decimal place shown) and wind of a log: distinct per row. */
export const rainOf = (log: number, day: number) => ((day * 37 + log * 11) % 400) / 10 + 0.1;
const windOf = (log: number, day: number) => ((day * 13 + log * 7) % 90) / 10 + 1;

const dayOf = (log: WeatherLog, day: number) => new Date(log.first.getTime() + day * 86_400_000);

/** The trade sheet: exports and imports by year, shown with thousands separators. */
const TRADE_YEARS = [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022];
export const exportsOf = (year: number) => 40_000 + ((year * 7919) % 10_000) + 0.5;
const importsOf = (year: number) => 45_000 + ((year * 104_729) % 9_000) + 0.25;

export async function writeWeatherWorkbook(path: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  WEATHER_LOGS.forEach((log, l) => {
    const sheet = book.addWorksheet(log.sheet);
    sheet.addRow(log.headers);
    for (let d = 0; d < DAYS; d += 1)
      sheet.addRow([dayOf(log, d), rainOf(l, d), windOf(l, d), SKIES[log.language][d % 4]]);
    sheet.getColumn(1).numFmt = log.dateFormat;
    sheet.getColumn(2).numFmt = '0.0';
    sheet.getColumn(3).numFmt = '0.0';
  });
  const trade = book.addWorksheet('Trade');
  trade.addRow(['Year', 'Exports', 'Imports', 'Share of output']);
  for (const year of TRADE_YEARS)
    trade.addRow([year, exportsOf(year), importsOf(year), (year % 7) / 20 + 0.013]);
  trade.getColumn(2).numFmt = '#,##0.00';
  trade.getColumn(3).numFmt = '#,##0.00';
  trade.getColumn(4).numFmt = '0.0%';
  await book.xlsx.writeFile(path);
}

/** French cities and their figures, numbers written with thousands separators as people do. */
const CITIES: [city: string, population: string, area: string, founded: string][] = [
  ['Paris', '2,102,650', '105.4', '52 BC'],
  ['Marseille', '873,076', '240.62', '600 BC'],
  ['Lyon', '522,250', '47.87', '43 BC'],
  ['Toulouse', '504,078', '118.3', '200 BC'],
  ['Nice', '348,085', '71.92', '350 BC'],
  ['Nantes', '323,204', '65.19', '70 BC'],
  ['Montpellier', '302,454', '56.88', '985'],
  ['Strasbourg', '291,313', '78.26', '12 BC'],
  ['Bordeaux', '261,804', '49.36', '300 BC'],
  ['Lille', '236,710', '34.8', '1066'],
];

export function writeCitiesCsv(path: string): void {
  const quote = (v: string) => (v.includes(',') ? `"${v}"` : v);
  const lines = ['city,population,area_km2,founded', ...CITIES.map((r) => r.map(quote).join(','))];
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** Parcels delivered each day from 1 March to 31 July 2014, the date written dd/mm/yyyy. */
const DELIVERY_DAYS = 153;
export const deliveryDay = (i: number) => new Date(Date.UTC(2014, 2, 1 + i));
export const parcelsOf = (i: number) => 100 + ((i * 17) % 90);
export const writtenDay = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;

export function writeDeliveriesCsv(path: string): void {
  const lines = ['date,parcels,depot'];
  for (let i = 0; i < DELIVERY_DAYS; i += 1)
    lines.push(
      `${writtenDay(deliveryDay(i))},${parcelsOf(i)},${['North', 'South', 'East'][i % 3]}`,
    );
  writeFileSync(path, `${lines.join('\n')}\n`);
}
