/** Text extraction and chunking for the ingestion job. */
export { extractDocument, readScannedPage, withScannedText } from './extract';
export {
  chunkDocument,
  DEFAULT_CHUNK_OVERLAP,
  DEFAULT_CHUNK_SIZE,
  type ChunkOptions,
} from './chunker';
export { DEFAULT_EXTRACT_SETTINGS, resolveSettings } from './settings';
/** Ends the idle extraction processes, and their OCR workers with them (shutdown, tests). */
export { closeParserWorkers } from './worker-pool';
export { OCR_MISSING, RENDERER_MISSING } from './ocr';
export type * from './types';
