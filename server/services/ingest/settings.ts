import type { ExtractSettings } from './types';

const MB = 1024 * 1024;

export const DEFAULT_EXTRACT_SETTINGS: ExtractSettings = {
  maxDecompressedBytes: 200 * MB,
  maxCompressionRatio: 200,
  maxZipEntries: 10_000,
  maxPartBytes: 32 * MB,
  maxXmlTokenBytes: MB,
  maxTextChars: 64_000_000,
  maxRssMb: 1_024,
  maxPages: 2_000,
  maxRows: 200_000,
  maxOcrPages: 500,
  maxImagePixels: 60_000_000,
  timeoutMs: 5 * 60_000,
  ocrTimeoutMs: 60_000,
  memoryMb: 1_024,
  ocrEngine: 'auto',
  ocrLanguages: 'auto',
  tesseractCommand: 'tesseract',
  pdftoppmCommand: 'pdftoppm',
};

export function resolveSettings(partial: Partial<ExtractSettings> = {}): ExtractSettings {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_EXTRACT_SETTINGS, ...defined };
}

export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** '64 million characters', for the text budget's reason. */
export function formatChars(chars: number): string {
  return chars >= 1e6 ? `${Math.round(chars / 1e6)} million characters` : `${chars} characters`;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
