/**
 * Width and height from an image's header, read before OCR: a few-KB png can declare
 * 100,000 x 100,000 pixels and exhaust memory once decoded (a decompression bomb).
 */
import { open } from 'node:fs/promises';

interface ImageSize {
  width: number;
  height: number;
}

function jpegSize(buf: Buffer): ImageSize | null {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) {
      i += 1;
      continue;
    }
    const marker = buf[i + 1];
    // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    i += 2 + buf.readUInt16BE(i + 2);
  }
  return null;
}

/** null when the header is not one we know; OCR then runs under its timeout only. */
export async function readImageSize(filePath: string): Promise<ImageSize | null> {
  const file = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(256 * 1024);
    const { bytesRead } = await file.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47)
      return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
    if (head.length >= 10 && head.toString('latin1', 0, 3) === 'GIF')
      return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
    if (head.length >= 26 && head.toString('latin1', 0, 2) === 'BM')
      return { width: Math.abs(head.readInt32LE(18)), height: Math.abs(head.readInt32LE(22)) };
    if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpegSize(head);
    return null;
  } finally {
    await file.close();
  }
}
