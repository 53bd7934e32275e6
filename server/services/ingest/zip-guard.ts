/**
 * Zip-bomb guard for docx/xlsx packages, run before any parser touches the file. It checks what
 * the central directory declares (total size, entry count, compression ratio, entries sharing
 * data) and then inflates every entry into nothing, counting, because a zip may lie about sizes.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ExtractionFailure, kindLabel } from './failure';
import { formatBytes } from './settings';
import type { ExtractSettings } from './types';

const BIG_ENTRY = 1024 * 1024;

type ZipLimits = Pick<
  ExtractSettings,
  'maxDecompressedBytes' | 'maxCompressionRatio' | 'maxZipEntries' | 'maxPartBytes'
>;

/**
 * Parts a parser reads whole into memory, where a few hundred MB of XML become gigabytes of
 * objects: every XML part of a docx (mammoth), shared strings and styles of an xlsx (exceljs
 * streams the worksheets).
 */
function heldWhole(kind: string, name: string): boolean {
  if (kind === 'xlsx') return /^xl\/(sharedStrings|styles|workbook)\.xml$/i.test(name);
  return /\.(xml|rels)$/i.test(name);
}

function readCentralDirectory(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

async function inflatedSize(zip: ZipFile, entry: Entry, budget: number): Promise<number> {
  const stream = await zip.openReadStreamPromise(entry);
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > budget) {
      stream.destroy();
      break;
    }
  }
  return total;
}

export async function checkZipPackage(
  filePath: string,
  kind: string,
  limits: ZipLimits,
): Promise<void> {
  const label = kindLabel(kind);
  const bomb = (why: string) =>
    new ExtractionFailure(`The ${label} file was refused as a zip bomb: ${why}.`);
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, {
      lazyEntries: true,
      validateEntrySizes: true,
      autoClose: false, // entries are inflated after the whole directory is read
    });
  } catch {
    throw new ExtractionFailure(`The ${label} file is damaged or not a valid Office package.`);
  }
  try {
    if (zip.entryCount > limits.maxZipEntries)
      throw bomb(`it holds ${zip.entryCount} entries (at most ${limits.maxZipEntries})`);
    let entries: Entry[];
    try {
      entries = await readCentralDirectory(zip);
    } catch {
      throw new ExtractionFailure(`The ${label} file is damaged or not a valid Office package.`);
    }

    let declared = 0;
    const offsets = new Set<number>();
    for (const entry of entries) {
      if (entry.isEncrypted())
        throw new ExtractionFailure(
          `The ${label} file is password-protected; remove the password and upload it again.`,
        );
      if (offsets.has(entry.relativeOffsetOfLocalHeader))
        throw bomb('several entries share the same compressed data');
      offsets.add(entry.relativeOffsetOfLocalHeader);
      declared += entry.uncompressedSize;
      if (heldWhole(kind, entry.fileName) && entry.uncompressedSize > limits.maxPartBytes)
        throw bomb(
          `'${entry.fileName}' declares ${formatBytes(entry.uncompressedSize)} (at most ${formatBytes(limits.maxPartBytes)} for one part)`,
        );
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > BIG_ENTRY && ratio > limits.maxCompressionRatio)
        throw bomb(
          `'${entry.fileName}' inflates ${Math.round(ratio)} times (at most ${limits.maxCompressionRatio})`,
        );
    }
    const cap = limits.maxDecompressedBytes;
    if (declared > cap)
      throw bomb(`it declares ${formatBytes(declared)} of content (at most ${formatBytes(cap)})`);

    let actual = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const partCap = heldWhole(kind, entry.fileName) ? limits.maxPartBytes : Infinity;
      let inflated: number;
      try {
        inflated = await inflatedSize(zip, entry, Math.min(cap - actual, partCap));
      } catch (error) {
        if (/too many bytes|Too many bytes/.test(String(error)))
          throw bomb(`'${entry.fileName}' expands to more than it declares`);
        throw new ExtractionFailure(
          `The ${label} file is damaged: '${entry.fileName}' cannot be read.`,
        );
      }
      if (inflated > partCap)
        throw bomb(
          `'${entry.fileName}' expands to more than ${formatBytes(partCap)} (the cap for one part)`,
        );
      actual += inflated;
      if (actual > cap) throw bomb(`it expands to more than ${formatBytes(cap)}`);
    }
  } finally {
    zip.close();
  }
}
