/**
 * Parts of an xlsx package read straight from the zip, where exceljs's streaming reader falls
 * short: the shared-strings table when it comes after the worksheets, the sheet names when the
 * workbook's relationships point from the package root, and the sheet names, date system and
 * styles (number formats, which tell a date cell from a number) when workbook.xml or styles.xml
 * come after the worksheets, as exceljs's own writer puts them.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import yauzl, { type Entry } from 'yauzl';

const require = createRequire(import.meta.url);

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return XML_ENTITIES[name] ?? whole;
  });
}

/** The text of one zip entry (at most maxPartBytes: the zip guard has checked it already). */
async function zipEntryText(filePath: string, name: RegExp): Promise<string | undefined> {
  const zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: true });
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (!name.test(entry.fileName)) return zip.readEntry();
      zip
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const parts: Buffer[] = [];
          for await (const chunk of stream) parts.push(chunk as Buffer);
          zip.close();
          resolve(Buffer.concat(parts).toString('utf8'));
        })
        .catch(reject);
    });
    zip.on('end', () => resolve(undefined));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * The shared-strings table, for workbooks that store it after the worksheets (exceljs's stream
 * reader then hands out `{sharedString: n}` instead of the text). Each <si> is plain or rich
 * text; phonetic guides (<rPh>) are not part of the cell's text.
 */
export async function readSharedStrings(filePath: string): Promise<string[]> {
  const xml = await zipEntryText(filePath, /^xl\/sharedStrings\.xml$/i);
  if (!xml) return [];
  return [...xml.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g)].map((si) =>
    [...(si[1] ?? '').replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)]
      .map((t) => decodeXml(t[1]))
      .join(''),
  );
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** What workbook.xml says of the sheets and dates, read before exceljs reads the sheets. */
interface WorkbookPart {
  /** Sheet names by worksheet file number (sheet3.xml -> 3). */
  names: Map<string, string>;
  /** Dates count from 1904 (older Mac workbooks) rather than 1900. */
  date1904: boolean;
}

/**
 * Sheet names by worksheet file number, read from workbook.xml and its relationships. exceljs
 * finds a name only when a relationship's target is written relative ("worksheets/sheet1.xml");
 * openpyxl and others write it from the root ("/xl/worksheets/..."), and when workbook.xml comes
 * after the worksheets in the zip (exceljs itself writes it last) it has none at all.
 */
export async function readWorkbookPart(filePath: string): Promise<WorkbookPart> {
  const [workbook, rels] = await Promise.all([
    zipEntryText(filePath, /^xl\/workbook\.xml$/i),
    zipEntryText(filePath, /^xl\/_rels\/workbook\.xml\.rels$/i),
  ]);
  const targets = new Map<string, string>();
  for (const [tag] of (rels ?? '').matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(tag, 'Id');
    const file = /sheet(\d+)\.xml$/i.exec(attribute(tag, 'Target') ?? '')?.[1];
    if (id && file) targets.set(id, file);
  }
  const names = new Map<string, string>();
  for (const [tag] of (workbook ?? '').matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attribute(tag, 'name');
    const file = targets.get(attribute(tag, '(?:\\w+:)?id') ?? '');
    if (name && file) names.set(file, decodeXml(name));
  }
  const properties = /<(?:\w+:)?workbookPr\b[^>]*>/.exec(workbook ?? '')?.[0] ?? '';
  const date1904 = /^(?:1|true)$/i.test(attribute(properties, 'date1904') ?? '');
  return { names, date1904 };
}

/** exceljs's styles table, as its stream reader keeps it (number formats by style index). */
interface ExcelStyles {
  parseStream(stream: Readable): Promise<unknown>;
}

/** The workbook's styles parsed as exceljs's stream reader parses them, if it has any. */
export async function readStyles(filePath: string): Promise<ExcelStyles | undefined> {
  const xml = await zipEntryText(filePath, /^xl\/styles\.xml$/i);
  if (!xml) return undefined;
  // The stream reader's own parser (exceljs has no public entry for it).
  const StylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform') as new () => ExcelStyles;
  const styles = new StylesXform();
  await styles.parseStream(Readable.from([xml]));
  return styles;
}
