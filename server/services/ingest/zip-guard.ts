/**
 * Zip-bomb guard for docx/xlsx packages, run before any parser touches the file. It checks what
 * the central directory declares (total size, entry count, compression ratio, entries sharing
 * data) and then inflates every entry into nothing, counting, because a zip may lie about sizes.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ExtractionFailure, failureText, kindLabel } from './failure';
import { formatBytes } from './settings';
import type { ExtractSettings } from './types';

const BIG_ENTRY = 1024 * 1024;

type ZipLimits = Pick<
  ExtractSettings,
  | 'maxDecompressedBytes'
  | 'maxCompressionRatio'
  | 'maxZipEntries'
  | 'maxPartBytes'
  | 'maxXmlTokenBytes'
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

/**
 * Workbook parts whose text or tags are checked for length as they inflate: exceljs's XML parser
 * builds each text (a cell) and tag whole however long, so one 190 MB cell would be in memory
 * before any row or text cap could see it. Excel itself keeps at most 32,767 characters a cell.
 */
const tokensChecked = (kind: string, name: string) => kind === 'xlsx' && /\.xml$/i.test(name);

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

/**
 * Inflates an entry into nothing, counting its bytes, and (when `maxToken` is given) the longest
 * run of bytes between two '<': an XML text or tag. Stops as soon as either is over its cap.
 */
async function inflatedSize(
  zip: ZipFile,
  entry: Entry,
  budget: number,
  maxToken?: number,
): Promise<{ bytes: number; longToken: boolean }> {
  const stream = await zip.openReadStreamPromise(entry);
  let bytes = 0;
  let sinceTag = 0;
  let longToken = false;
  for await (const data of stream) {
    const chunk = data as Buffer;
    bytes += chunk.length;
    if (maxToken !== undefined) {
      // A run inside a chunk no longer than the cap cannot exceed it: then only the runs across
      // chunk ends count (two native searches a chunk); otherwise every run is measured.
      let from = 0;
      for (let at = chunk.indexOf(0x3c); at >= 0; at = chunk.indexOf(0x3c, from)) {
        if (sinceTag + at - from > maxToken) longToken = true;
        sinceTag = 0;
        from = at + 1;
        if (chunk.length <= maxToken) from = chunk.lastIndexOf(0x3c) + 1;
        if (from >= chunk.length || chunk.length <= maxToken) break;
      }
      sinceTag += chunk.length - from;
      if (sinceTag > maxToken) longToken = true;
    }
    if (bytes > budget || longToken) {
      stream.destroy();
      break;
    }
  }
  return { bytes, longToken };
}

export async function checkZipPackage(
  filePath: string,
  kind: string,
  limits: ZipLimits,
): Promise<void> {
  const label = kindLabel(kind);
  const bomb = (
    why: string,
    code: Parameters<typeof failureText>[0],
    params: Record<string, string | number> = {},
  ) =>
    new ExtractionFailure(
      `The ${label} file was refused as a zip bomb: ${why}.`,
      failureText(code, { type: kind, ...params }),
    );
  const damaged = () =>
    new ExtractionFailure(
      `The ${label} file is damaged or not a valid Office package.`,
      failureText('office_damaged', { type: kind }),
    );
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, {
      lazyEntries: true,
      validateEntrySizes: true,
      autoClose: false, // entries are inflated after the whole directory is read
    });
  } catch {
    throw damaged();
  }
  try {
    if (zip.entryCount > limits.maxZipEntries)
      throw bomb(
        `it holds ${zip.entryCount} entries (at most ${limits.maxZipEntries})`,
        'zip_bomb_entries',
        { entries: zip.entryCount, max: limits.maxZipEntries },
      );
    let entries: Entry[];
    try {
      entries = await readCentralDirectory(zip);
    } catch {
      throw damaged();
    }

    let declared = 0;
    const offsets = new Set<number>();
    for (const entry of entries) {
      if (entry.isEncrypted())
        throw new ExtractionFailure(
          `The ${label} file is password-protected; remove the password and upload it again.`,
          failureText('office_password', { type: kind }),
        );
      if (offsets.has(entry.relativeOffsetOfLocalHeader))
        throw bomb('several entries share the same compressed data', 'zip_bomb_overlap');
      offsets.add(entry.relativeOffsetOfLocalHeader);
      declared += entry.uncompressedSize;
      if (heldWhole(kind, entry.fileName) && entry.uncompressedSize > limits.maxPartBytes)
        throw bomb(
          `'${entry.fileName}' declares ${formatBytes(entry.uncompressedSize)} (at most ${formatBytes(limits.maxPartBytes)} for one part)`,
          'zip_bomb_part',
          {
            part: entry.fileName,
            size_bytes: entry.uncompressedSize,
            max_bytes: limits.maxPartBytes,
          },
        );
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > BIG_ENTRY && ratio > limits.maxCompressionRatio)
        throw bomb(
          `'${entry.fileName}' inflates ${Math.round(ratio)} times (at most ${limits.maxCompressionRatio})`,
          'zip_bomb_ratio',
          { part: entry.fileName, ratio: Math.round(ratio), max: limits.maxCompressionRatio },
        );
    }
    const cap = limits.maxDecompressedBytes;
    if (declared > cap)
      throw bomb(
        `it declares ${formatBytes(declared)} of content (at most ${formatBytes(cap)})`,
        'zip_bomb_size',
        { size_bytes: declared, max_bytes: cap },
      );

    let actual = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const partCap = heldWhole(kind, entry.fileName) ? limits.maxPartBytes : Infinity;
      let inflated: number;
      try {
        const checkTokens = tokensChecked(kind, entry.fileName);
        const read = await inflatedSize(
          zip,
          entry,
          Math.min(cap - actual, partCap),
          checkTokens ? limits.maxXmlTokenBytes : undefined,
        );
        if (read.longToken)
          throw bomb(
            `'${entry.fileName}' holds a text or tag longer than ${formatBytes(limits.maxXmlTokenBytes)} (a cell holds at most 32,767 characters)`,
            'zip_bomb_token',
            { part: entry.fileName, max_bytes: limits.maxXmlTokenBytes },
          );
        inflated = read.bytes;
      } catch (error) {
        if (error instanceof ExtractionFailure) throw error;
        if (/too many bytes|Too many bytes/.test(String(error)))
          throw bomb(`'${entry.fileName}' expands to more than it declares`, 'zip_bomb_expands', {
            part: entry.fileName,
          });
        throw new ExtractionFailure(
          `The ${label} file is damaged: '${entry.fileName}' cannot be read.`,
          failureText('office_part_damaged', { type: kind, part: entry.fileName }),
        );
      }
      if (inflated > partCap)
        throw bomb(
          `'${entry.fileName}' expands to more than ${formatBytes(partCap)} (the cap for one part)`,
          'zip_bomb_part_expands',
          { part: entry.fileName, max_bytes: partCap },
        );
      actual += inflated;
      if (actual > cap)
        throw bomb(`it expands to more than ${formatBytes(cap)}`, 'zip_bomb_total', {
          max_bytes: cap,
        });
    }
  } finally {
    zip.close();
  }
}
