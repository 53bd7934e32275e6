import type { ExtractableKind, ExtractedDocument, ExtractSettings } from './types';

export interface WorkerRequest {
  id: number;
  filePath: string;
  kind: ExtractableKind;
  settings: ExtractSettings;
}

export type WorkerReply =
  | { id: number; ok: true; doc: ExtractedDocument; pagesWithoutText: number[] }
  | { id: number; ok: false; reason: string };
