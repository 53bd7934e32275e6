/** Text extraction and chunking for the ingestion job (issue 5). */
export { extractDocument } from './extract';
export {
  chunkDocument,
  DEFAULT_CHUNK_OVERLAP,
  DEFAULT_CHUNK_SIZE,
  type ChunkOptions,
} from './chunker';
export { DEFAULT_EXTRACT_SETTINGS, resolveSettings } from './settings';
import { closeWasmOcr } from './ocr-wasm';
import { closeParserWorkers as closeWorkerPool } from './worker-pool';

/** Ends the parser workers and the OCR worker (server shutdown, end of a test file). */
export async function closeParserWorkers(): Promise<void> {
  await Promise.all([closeWorkerPool(), closeWasmOcr()]);
}
export { isOcrAvailable, OCR_MISSING, RENDERER_MISSING } from './ocr';
export type * from './types';
