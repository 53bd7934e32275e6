/**
 * The tuning half's corpus of bench:quality: real third-party documents that Debian ships, none
 * written by us, the ones the engine's rules may be written against (the held-out half's are in
 * held-out/corpus.ts; both are uploaded together, so each half's documents compete with the
 * other's).
 *
 * Files come from Debian's packages (debian.ts); compressed manuals are unpacked; formats Debian
 * ships none of its documents as are converted (convert.ts): the GPL and Apache licence texts
 * become .docx, tzdata's country and zone tables one .xlsx with two named sheets, Seattle's daily
 * weather (vega-datasets) an .xlsx with real date cells. The manuals in other languages: the
 * Debian Reference in Spanish and the Debian FAQ in French and German as the PDFs Debian ships,
 * and the Arabic translation of the Debian Administrator's Handbook as HTML pages. Everything
 * lands in the cache directory and is reused by the next run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { buildDocx } from '../../server/test-support/fixtures/docx-writer';
import { datedWorkbook, isoDay, licenceBlocks } from './convert';
import {
  copyShipped,
  handbook,
  obtain,
  placer,
  type CorpusFile,
  type CorpusSite,
  type Shipped,
} from './debian';
import { buildHeldOutCorpus } from './held-out/corpus';

export interface Corpus {
  files: CorpusFile[];
  /** HTML manuals served on loopback, each uploaded through its sitemap. */
  sites: CorpusSite[];
}

const PDFS: (Shipped & { name: string })[] = [
  {
    name: 'valgrind_manual.pdf',
    pkg: 'valgrind',
    path: '/usr/share/doc/valgrind/valgrind_manual.pdf.gz',
  },
  { name: 'nettle.pdf', pkg: 'nettle-dev', path: '/usr/share/doc/nettle-dev/nettle.pdf.gz' },
  { name: 'libtasn1.pdf', pkg: 'libtasn1-doc', path: '/usr/share/doc/libtasn1-doc/libtasn1.pdf' },
  { name: 'bzip2-manual.pdf', pkg: 'bzip2-doc', path: '/usr/share/doc/bzip2/manual.pdf.gz' },
  {
    name: 'fontconfig-user.pdf',
    pkg: 'fontconfig',
    path: '/usr/share/doc/fontconfig/fontconfig-user.pdf.gz',
  },
  {
    name: 'shared-mime-info-spec.pdf',
    pkg: 'shared-mime-info',
    path: '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf',
  },
  { name: 'bashref.pdf', pkg: 'bash-doc', path: '/usr/share/doc/bash/bashref.pdf' },
  { name: 'gnuplot.pdf', pkg: 'gnuplot-doc', path: '/usr/share/doc/gnuplot/gnuplot.pdf' },
  {
    name: 'crc-guide.pdf',
    pkg: 'zlib1g-dev',
    path: '/usr/share/doc/zlib1g-dev/crc-doc.1.0.pdf.gz',
  },
];
const LANGUAGE_PDFS: (Shipped & { name: string })[] = [
  {
    name: 'debian-reference.es.pdf',
    pkg: 'debian-reference-es',
    path: '/usr/share/debian-reference/debian-reference.es.pdf',
  },
  {
    name: 'debian-faq.fr.pdf',
    pkg: 'debian-faq-fr',
    path: '/usr/share/doc/debian/FAQ/debian-faq.fr.pdf.gz',
  },
  {
    name: 'debian-faq.de.pdf',
    pkg: 'debian-faq-de',
    path: '/usr/share/doc/debian/FAQ/debian-faq.de.pdf.gz',
  },
];
const CSVS: (Shipped & { name: string })[] = [
  { name: 'debian.csv', pkg: 'distro-info-data', path: '/usr/share/distro-info/debian.csv' },
  { name: 'ubuntu.csv', pkg: 'distro-info-data', path: '/usr/share/distro-info/ubuntu.csv' },
];
const LICENCES: (Shipped & { name: string })[] = [
  { name: 'GPL-3.docx', pkg: 'base-files', path: '/usr/share/common-licenses/GPL-3' },
  { name: 'Apache-2.0.docx', pkg: 'base-files', path: '/usr/share/common-licenses/Apache-2.0' },
];
const VEGA = '/usr/lib/python3/dist-packages/vega_datasets/_data';
const WEATHER: Shipped = { pkg: 'python3-vega-datasets', path: `${VEGA}/seattle-weather.csv` };
const ELECTRICITY: Shipped = {
  pkg: 'python3-vega-datasets',
  path: `${VEGA}/iowa-electricity.csv`,
};
const ZONES = {
  countries: { pkg: 'tzdata', path: '/usr/share/zoneinfo/iso3166.tab' },
  zones: { pkg: 'tzdata', path: '/usr/share/zoneinfo/zone1970.tab' },
};
const MANUAL: Shipped = {
  pkg: 'postgresql-doc-15',
  path: '/usr/share/doc/postgresql-doc-15/html',
};

const tabRows = (text: string) =>
  text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t'));

async function zonesWorkbook(countriesTab: string, zonesTab: string, out: string) {
  const book = new ExcelJS.Workbook();
  const countries = book.addWorksheet('ISO 3166 countries');
  countries.addRow(['Code', 'Country']);
  for (const row of tabRows(readFileSync(countriesTab, 'utf8'))) countries.addRow(row);
  const zones = book.addWorksheet('Time zones');
  zones.addRow(['Country codes', 'Coordinates', 'Time zone', 'Comments']);
  for (const row of tabRows(readFileSync(zonesTab, 'utf8'))) zones.addRow(row);
  await book.xlsx.writeFile(out);
}

/** Builds (or finds in `cache`) every corpus file of both halves. */
export async function buildCorpus(cache: string): Promise<Corpus> {
  const files: CorpusFile[] = [];
  const place = placer(join(cache, 'files'), files);
  for (const pdf of [...PDFS, ...LANGUAGE_PDFS]) await place(pdf.name, copyShipped(cache, pdf));
  for (const csv of CSVS) await place(csv.name, copyShipped(cache, csv));
  await place('iowa-electricity.csv', copyShipped(cache, ELECTRICITY));
  for (const licence of LICENCES)
    await place(licence.name, (out) =>
      writeFileSync(out, buildDocx(licenceBlocks(readFileSync(obtain(cache, licence), 'utf8')))),
    );
  await place('time-zones.xlsx', (out) =>
    zonesWorkbook(obtain(cache, ZONES.countries), obtain(cache, ZONES.zones), out),
  );
  await place('seattle-weather.xlsx', (out) =>
    datedWorkbook(obtain(cache, WEATHER), out, {
      name: 'Seattle weather',
      dateColumn: 'date',
      dateFormat: 'yyyy/mm/dd',
      parseDate: isoDay,
    }),
  );
  const sites: CorpusSite[] = [
    { prefix: '', root: obtain(cache, MANUAL) },
    { prefix: 'handbook-ar', root: obtain(cache, handbook('ar-MA')) },
  ];
  const heldOut = await buildHeldOutCorpus(cache, place);
  return { files, sites: [...sites, ...heldOut.sites] };
}
