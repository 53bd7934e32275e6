/**
 * The bench:quality corpus: real third-party documents that Debian ships, none written by us.
 *
 * Each source is read from where its Debian package installs it; when the file is not there (the
 * package is missing, or the image drops /usr/share/doc), the package is fetched with
 * `apt-get download` and unpacked with `dpkg-deb -x` into the cache: no root needed, the system is
 * not changed. Compressed manuals are unpacked; two formats are converted because Debian ships
 * none of its documents as them: the GPL and Apache licence texts become .docx (headings and
 * paragraphs as written), and tzdata's country and zone tables become one .xlsx with two named
 * sheets. Everything lands in the cache directory and is reused by the next run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { buildDocx, type DocxBlock } from '../../server/test-support/fixtures/docx-writer';

/** A Debian package's file: where it is installed, and the package that installs it. */
interface Shipped {
  pkg: string;
  path: string;
}

/** An uploaded file of the corpus: its name in the console and where the bytes are. */
export interface CorpusFile {
  name: string;
  file: string;
}

export interface Corpus {
  files: CorpusFile[];
  /** The PostgreSQL 15 manual's HTML directory, served through a sitemap. */
  htmlRoot: string;
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
const CSVS: (Shipped & { name: string })[] = [
  { name: 'debian.csv', pkg: 'distro-info-data', path: '/usr/share/distro-info/debian.csv' },
  { name: 'ubuntu.csv', pkg: 'distro-info-data', path: '/usr/share/distro-info/ubuntu.csv' },
];
const LICENCES: (Shipped & { name: string })[] = [
  { name: 'GPL-3.docx', pkg: 'base-files', path: '/usr/share/common-licenses/GPL-3' },
  { name: 'Apache-2.0.docx', pkg: 'base-files', path: '/usr/share/common-licenses/Apache-2.0' },
];
const ZONES = {
  countries: { pkg: 'tzdata', path: '/usr/share/zoneinfo/iso3166.tab' },
  zones: { pkg: 'tzdata', path: '/usr/share/zoneinfo/zone1970.tab' },
};
const MANUAL: Shipped = {
  pkg: 'postgresql-doc-15',
  path: '/usr/share/doc/postgresql-doc-15/html',
};

/** The installed file, or the same path inside the package unpacked into the cache. */
function obtain(cache: string, source: Shipped): string {
  if (existsSync(source.path)) return source.path;
  const unpacked = join(cache, 'debs', source.pkg);
  if (!existsSync(join(unpacked, source.path))) {
    console.log(`  fetching Debian package ${source.pkg} (apt-get download)…`);
    const debs = join(cache, 'debs');
    mkdirSync(debs, { recursive: true });
    execFileSync('apt-get', ['download', '-q', source.pkg], { cwd: debs, stdio: 'inherit' });
    const deb = readdirSync(debs).find((f) => f.startsWith(`${source.pkg}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${source.pkg} left no .deb`);
    execFileSync('dpkg-deb', ['-x', join(debs, deb), unpacked]);
  }
  const found = join(unpacked, source.path);
  if (!existsSync(found)) throw new Error(`${source.pkg} does not ship ${source.path}`);
  return found;
}

/** A licence text as written: its numbered section titles become headings, the rest paragraphs. */
function licenceBlocks(text: string): DocxBlock[] {
  const blocks: DocxBlock[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    const flat = para.replace(/\s+/g, ' ').trim();
    if (!flat) continue;
    const titled = /^(\d+\.\s+[A-Z][^.]{2,70}\.)\s+(.*)$/.exec(flat);
    if (titled) {
      blocks.push({ heading: titled[1], level: 2 }, { paragraph: titled[2] });
    } else if (/^(\d+\.\s+)?[A-Z][A-Za-z ,]{2,60}\.?$/.test(flat) && flat.length < 70) {
      blocks.push({ heading: flat, level: flat.length > 40 ? 2 : 1 });
    } else {
      blocks.push({ paragraph: flat });
    }
  }
  return blocks;
}

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

/** Builds (or finds in `cache`) every corpus file. */
export async function buildCorpus(cache: string): Promise<Corpus> {
  const dir = join(cache, 'files');
  mkdirSync(dir, { recursive: true });
  const files: CorpusFile[] = [];
  const place = (name: string, make: (out: string) => void) => {
    const out = join(dir, name);
    if (!existsSync(out)) make(out);
    files.push({ name, file: out });
  };
  for (const pdf of PDFS)
    place(pdf.name, (out) => {
      const raw = readFileSync(obtain(cache, pdf));
      writeFileSync(out, pdf.path.endsWith('.gz') ? gunzipSync(raw) : raw);
    });
  for (const csv of CSVS)
    place(csv.name, (out) => writeFileSync(out, readFileSync(obtain(cache, csv))));
  for (const licence of LICENCES)
    place(licence.name, (out) =>
      writeFileSync(out, buildDocx(licenceBlocks(readFileSync(obtain(cache, licence), 'utf8')))),
    );
  const workbook = join(dir, 'time-zones.xlsx');
  if (!existsSync(workbook))
    await zonesWorkbook(obtain(cache, ZONES.countries), obtain(cache, ZONES.zones), workbook);
  files.push({ name: 'time-zones.xlsx', file: workbook });
  return { files, htmlRoot: obtain(cache, MANUAL) };
}
