/** Text extraction and chunking for the ingestion job. */
export { extractDocument, readScannedPage, withScannedText } from './extract';
export { chunkDocument } from './chunker';
/** Ends the idle extraction processes, and their OCR workers with them (shutdown, tests). */
export { closeParserWorkers } from './worker-pool';
export { OCR_MISSING } from './ocr';
export type * from './types';
