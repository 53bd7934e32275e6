/**
 * Content checks of uploaded files (SPEC §5): the extension must be on the list, the
 * declared type must fit the extension, and the bytes must be what both say (magic bytes; for
 * docx/xlsx and doc/xls also the package's parts, since a zip or an OLE file alone says nothing
 * about Word or Excel). A small hand-written sniffer: eleven types do not need a library.
 */
import { open } from 'node:fs/promises';
import { UPLOAD_EXTENSIONS, type UploadExtension } from '../../../contract/knowledge';
import { type RefusalText, refusalText } from './upload-common';

type ContentKind = 'pdf' | 'zip' | 'ole' | 'jpg' | 'png' | 'gif' | 'bmp' | 'text';

const EXPECTED: Record<UploadExtension, ContentKind> = {
  pdf: 'pdf',
  docx: 'zip',
  xlsx: 'zip',
  doc: 'ole',
  xls: 'ole',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  bmp: 'bmp',
  csv: 'text',
};

const LABEL: Record<UploadExtension, string> = {
  pdf: 'PDF document',
  docx: 'Word (docx) document',
  xlsx: 'Excel (xlsx) workbook',
  doc: 'Word (doc) document',
  xls: 'Excel (xls) workbook',
  jpg: 'JPEG image',
  jpeg: 'JPEG image',
  png: 'PNG image',
  gif: 'GIF image',
  bmp: 'BMP image',
  csv: 'CSV text file',
};

/** Content types browsers and mail clients send for each extension. */
const DECLARED: Record<UploadExtension, readonly string[]> = {
  pdf: ['application/pdf', 'application/x-pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  doc: ['application/msword'],
  xls: ['application/vnd.ms-excel', 'application/msexcel', 'application/x-msexcel'],
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  bmp: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'],
  // Windows declares csv as an Excel file.
  csv: [
    'text/csv',
    'text/plain',
    'application/csv',
    'text/comma-separated-values',
    'text/x-csv',
    'application/vnd.ms-excel',
  ],
};
/** Types that say nothing (the browser did not know); the content decides. */
const NEUTRAL = ['', 'application/octet-stream', 'binary/octet-stream'];

export function asUploadExtension(ext: string): UploadExtension | undefined {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext)
    ? (ext as UploadExtension)
    : undefined;
}

export function declaredTypeFits(ext: UploadExtension, mimetype: string | undefined): boolean {
  const type = (mimetype ?? '').split(';')[0].trim().toLowerCase();
  return NEUTRAL.includes(type) || DECLARED[ext].includes(type);
}

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function looksLike(kind: ContentKind, head: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      // The spec lets a few bytes of junk precede the header; 1 KB is what readers accept.
      return head.subarray(0, 1024).includes('%PDF-');
    case 'zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    case 'ole':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'jpg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'gif':
      return (
        head.subarray(0, 6).toString('latin1') === 'GIF87a' ||
        head.subarray(0, 6).toString('latin1') === 'GIF89a'
      );
    case 'bmp':
      return (
        startsWith(head, [0x42, 0x4d]) &&
        head.length >= 18 &&
        BMP_DIB_SIZES.has(head.readUInt32LE(14))
      );
    case 'text':
      // NUL bytes anywhere are checked while streaming; here: not a known binary format.
      return (
        !head.includes(0) &&
        !(['pdf', 'zip', 'ole', 'jpg', 'png', 'gif'] as const).some((k) => looksLike(k, head))
      );
  }
}

/** A CSV file holding NUL bytes: binary data, whatever its name says. */
export const csvBinary = (fileName: string) =>
  refusalText('csv_binary', `"${fileName}" is not a CSV text file: it contains binary data.`, {
    name: fileName,
  });

const contentMismatch = (fileName: string, ext: UploadExtension) =>
  refusalText(
    'content_mismatch',
    `"${fileName}" is not a ${LABEL[ext]}: its content does not match its extension.`,
    { name: fileName, ext },
  );

/** A reason (with its code) when the first bytes are not what the extension says. */
export function headRefusalText(
  fileName: string,
  ext: UploadExtension,
  head: Buffer,
): RefusalText | undefined {
  if (head.length === 0) return undefined; // empty files get their own answer
  if (looksLike(EXPECTED[ext], head)) return undefined;
  if (ext === 'csv' && head.includes(0)) return csvBinary(fileName);
  return contentMismatch(fileName, ext);
}

/** For storage's checkHead: the English reason of `headRefusalText`. */
export function headRefusal(
  fileName: string,
  ext: UploadExtension,
  head: Buffer,
): string | undefined {
  return headRefusalText(fileName, ext, head)?.message;
}

/** Caps on what an Office package declares; the extractor checks the real inflated size again. */
const PACKAGE_LIMITS = { maxEntries: 10_000, maxUnpackedBytes: 200 * 1024 * 1024 };

type ContainerVerdict =
  { ok: true } | { ok: false; status: 413 | 415; message: string; text: RefusalText };

/** docx/xlsx: a zip with the Word or Excel main part; doc/xls: an OLE file with its stream. */
export async function checkContainer(
  filePath: string,
  fileName: string,
  ext: UploadExtension,
): Promise<ContainerVerdict> {
  const refused = (status: 413 | 415, text: RefusalText): ContainerVerdict => ({
    ok: false,
    status,
    message: text.message,
    text,
  });
  const wrong = () => refused(415, contentMismatch(fileName, ext));
  if (ext === 'docx' || ext === 'xlsx') {
    const listing = await zipListing(filePath);
    if (!listing) return wrong();
    if (
      listing.entries > PACKAGE_LIMITS.maxEntries ||
      listing.unpacked > PACKAGE_LIMITS.maxUnpackedBytes
    )
      return refused(
        413,
        refusalText(
          'package_too_large',
          `"${fileName}" would unpack to more than ${PACKAGE_LIMITS.maxUnpackedBytes / 1024 / 1024} MB or ${PACKAGE_LIMITS.maxEntries} parts (a zip bomb?); it was not stored.`,
          {
            name: fileName,
            max_mb: PACKAGE_LIMITS.maxUnpackedBytes / 1024 / 1024,
            max_parts: PACKAGE_LIMITS.maxEntries,
          },
        ),
      );
    const main = ext === 'docx' ? 'word/document.xml' : 'xl/workbook.xml';
    return listing.names.has(main) ? { ok: true } : wrong();
  }
  if (ext === 'doc' || ext === 'xls') {
    const streams = await oleStreamNames(filePath);
    if (!streams) return wrong();
    const fits =
      ext === 'doc' ? streams.has('worddocument') : streams.has('workbook') || streams.has('book');
    return fits ? { ok: true } : wrong();
  }
  return { ok: true };
}

interface ZipListing {
  names: Set<string>;
  entries: number;
  unpacked: number;
}

/** Reads a zip's central directory (zip64 included) without inflating anything. */
async function zipListing(filePath: string): Promise<ZipListing | undefined> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0 || eocd + 22 > tail.length) return undefined;
    let entries = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (cdOffset === 0xffffffff || entries === 0xffff || cdSize === 0xffffffff) {
      const locator = eocd - 20;
      if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50) return undefined;
      const record = Buffer.alloc(56);
      await file.read(record, 0, 56, Number(tail.readBigUInt64LE(locator + 8)));
      if (record.readUInt32LE(0) !== 0x06064b50) return undefined;
      entries = Number(record.readBigUInt64LE(32));
      cdSize = Number(record.readBigUInt64LE(40));
      cdOffset = Number(record.readBigUInt64LE(48));
    }
    if (entries > PACKAGE_LIMITS.maxEntries) return { names: new Set(), entries, unpacked: 0 };
    if (cdSize > 16 * 1024 * 1024 || cdOffset + cdSize > size) return undefined;
    const cd = Buffer.alloc(cdSize);
    await file.read(cd, 0, cdSize, cdOffset);
    const names = new Set<string>();
    let unpacked = 0;
    let at = 0;
    for (let i = 0; i < entries; i += 1) {
      if (at + 46 > cd.length || cd.readUInt32LE(at) !== 0x02014b50) return undefined;
      const declared = cd.readUInt32LE(at + 24);
      const nameLength = cd.readUInt16LE(at + 28);
      const extraLength = cd.readUInt16LE(at + 30);
      const commentLength = cd.readUInt16LE(at + 32);
      names.add(cd.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
      // 0xffffffff: the real size is in a zip64 extra field; count it as "very large".
      unpacked += declared === 0xffffffff ? Number.MAX_SAFE_INTEGER / 2 : declared;
      at += 46 + nameLength + extraLength + commentLength;
    }
    return { names, entries, unpacked };
  } finally {
    await file.close();
  }
}

const END_OF_CHAIN = 0xfffffffe;

/** Names (lower-cased) of the entries of an OLE compound file's directory. */
async function oleStreamNames(filePath: string): Promise<Set<string> | undefined> {
  const file = await open(filePath, 'r');
  try {
    const header = Buffer.alloc(512);
    const { bytesRead } = await file.read(header, 0, 512, 0);
    if (bytesRead < 512) return undefined;
    const shift = header.readUInt16LE(0x1e);
    if (shift !== 9 && shift !== 12) return undefined;
    const sectorSize = 1 << shift;
    const perFatSector = sectorSize / 4;
    const difat = Array.from({ length: 109 }, (_, i) => header.readUInt32LE(0x4c + i * 4));
    const readSector = async (n: number) => {
      const buffer = Buffer.alloc(sectorSize);
      const read = await file.read(buffer, 0, sectorSize, (n + 1) * sectorSize);
      return read.bytesRead === sectorSize ? buffer : undefined;
    };
    const nextSector = async (n: number): Promise<number | undefined> => {
      const fatSector = difat[Math.floor(n / perFatSector)];
      if (fatSector === undefined || fatSector >= END_OF_CHAIN) return undefined;
      const entry = Buffer.alloc(4);
      await file.read(entry, 0, 4, (fatSector + 1) * sectorSize + (n % perFatSector) * 4);
      return entry.readUInt32LE(0);
    };
    const names = new Set<string>();
    let sector: number | undefined = header.readUInt32LE(0x30);
    // The directory rarely spans more than a few sectors; 64 bounds a malicious loop.
    for (let hops = 0; sector !== undefined && sector < END_OF_CHAIN && hops < 64; hops += 1) {
      const data = await readSector(sector);
      if (!data) break;
      for (let at = 0; at + 128 <= data.length; at += 128) {
        const length = Math.min(data.readUInt16LE(at + 0x40), 64);
        if (length >= 2)
          names.add(
            data
              .subarray(at, at + length - 2)
              .toString('utf16le')
              .toLowerCase(),
          );
      }
      sector = await nextSector(sector);
    }
    return names.size > 0 ? names : undefined;
  } finally {
    await file.close();
  }
}
