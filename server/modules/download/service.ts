/**
 * GET /download/{id}: a document as a pdf for the chat's source viewer. Who may read
 * it: whoever holds Documents.VIEW or Query.QUERY_DOCUMENT in the document's department (the
 * default administrator everywhere). Another department's document, or a missing one, is the
 * same 404, so ids reveal nothing. Soft-deleted documents are 404 for chat users; only holders
 * of Documents.VIEW in that department (the repository's recycle bin) still get them.
 *
 * pdf files stream as stored; png/jpg become one image page; everything else is re-read by the
 * extractor that indexed it and laid out as text; a sitemap lists its pages.
 */
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, errors } from '../../http/app-error';
import type {
  ExtractableKind,
  ExtractionResult,
  ExtractOptions,
} from '../../services/ingest/types';
import { imagePdf, textPdf } from '../../services/render/pdf';
import { departmentScope, inScope } from '../../../contract/access';
import { isMissingFile, type Storage } from '../../services/storage';
import type { Actor } from '../identity/public';
import { kindOf } from '../knowledge/public';
import type { SourceNoteText } from '../../../contract/knowledge-texts';
import {
  contentDisposition,
  layoutWords,
  type LayoutWords,
  sectionBlocks,
  sectionNotes,
  sitemapBlocks,
  sitemapNotes,
} from './content';
import { createRecentNotes } from './recent-notes';
import type { DownloadDocument, DownloadRepo } from './repo';

/** Where stored files live and how to read them again (the knowledge area's storage/engine). */
interface DocumentFiles {
  storage: Pick<Storage, 'openRead' | 'sizeOf' | 'withLocalFile'>;
  extract(
    filePath: string,
    kind: ExtractableKind,
    options: ExtractOptions,
  ): Promise<ExtractionResult>;
}

type PdfDownload =
  | { kind: 'file'; stream: Readable; size: number; disposition: string }
  | { kind: 'rendered'; bytes: Uint8Array; disposition: string };

/** Re-reading a large file for the viewer must not hold a request for minutes. */
const RENDER_TIMEOUT_MS = 60_000;

const notFound = () => errors.notFound('Document not found.');
const missingFile = () => errors.notFound('The file of this document is missing.');

export function createDownloadService(deps: {
  repo: DownloadRepo;
  files: DocumentFiles;
  log: FastifyBaseLogger;
}) {
  async function readable(actor: Actor, id: number): Promise<DownloadDocument> {
    const view = departmentScope(actor.subject, 'Documents', 'VIEW');
    const query = departmentScope(actor.subject, 'Query', 'QUERY_DOCUMENT');
    if (view !== 'all' && query !== 'all' && view.length === 0 && query.length === 0)
      throw errors.forbidden('Viewing documents needs Documents.VIEW or Query.QUERY_DOCUMENT.');
    const doc = await deps.repo.find(id);
    if (!doc) throw notFound();
    const canView = inScope(departmentScope(actor.subject, 'Documents', 'VIEW'), doc.department_id);
    const canQuery = inScope(
      departmentScope(actor.subject, 'Query', 'QUERY_DOCUMENT'),
      doc.department_id,
    );
    if (!canView && !canQuery) throw notFound();
    if (doc.soft_delete && !canView) throw notFound();
    return doc;
  }

  function storedKey(doc: DownloadDocument): string {
    if (!doc.storage_path) throw errors.notFound('This document has no stored file yet.');
    return doc.storage_path;
  }

  /** The stored file at a local path while `fn` runs (a copy of the object with STORAGE_URL). */
  async function withStoredFile<T>(doc: DownloadDocument, fn: (path: string) => Promise<T>) {
    try {
      return await deps.files.storage.withLocalFile(storedKey(doc), fn);
    } catch (error) {
      if (isMissingFile(error)) throw missingFile();
      throw error;
    }
  }

  async function sections(doc: DownloadDocument) {
    const kind = kindOf(doc.type);
    if (!kind)
      throw new AppError(
        409,
        'CONFLICT',
        `Documents of type ${doc.type} cannot be shown as a PDF.`,
      );
    const result = await withStoredFile(doc, (path) =>
      deps.files.extract(path, kind, {
        advancedTraining: Boolean(doc.advanced_training),
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      }),
    );
    if (!result.ok)
      throw new AppError(
        409,
        'CONFLICT',
        `The document could not be shown as a PDF: ${result.reason}`,
      );
    return result.doc.sections;
  }

  /** The notes of the documents this process laid out lately, so the viewer's ask reads no file. */
  const recentNotes = createRecentNotes();

  async function render(doc: DownloadDocument, words: LayoutWords): Promise<Uint8Array> {
    const info = { title: doc.name };
    if (doc.type === 'sitemap')
      return textPdf(info, sitemapBlocks(doc.name, await deps.repo.pagesOf(doc.id), words));
    if (doc.type === 'png' || doc.type === 'jpg' || doc.type === 'jpeg') {
      try {
        const image = await imagePdf(
          info,
          await withStoredFile(doc, (path) => readFile(path)),
          doc.type === 'png' ? 'png' : 'jpg',
        );
        recentNotes.keep(doc, []);
        return image;
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.log.warn(
          { err: error, documentId: doc.id },
          'download: image not embeddable, text used',
        );
      }
    }
    const read = await sections(doc);
    recentNotes.keep(doc, sectionNotes(read));
    return textPdf(info, sectionBlocks(doc.name, read, words));
  }

  return {
    /** `language`: the reader's console language, which the layout's own words speak. */
    async open(actor: Actor, id: number, language?: string): Promise<PdfDownload> {
      const doc = await readable(actor, id);
      const disposition = contentDisposition(doc);
      if (doc.type === 'pdf') {
        const key = storedKey(doc);
        // Only a file that is not there is 404; a bucket that does not answer stays a 503.
        const size = await deps.files.storage.sizeOf(key).catch((error: unknown) => {
          if (isMissingFile(error)) return undefined;
          throw error;
        });
        if (size === undefined) throw missingFile();
        return { kind: 'file', stream: await deps.files.storage.openRead(key), size, disposition };
      }
      if (doc.status !== 'ready')
        throw new AppError(
          409,
          'CONFLICT',
          doc.status === 'failed'
            ? `The document could not be read: ${doc.error ?? 'unknown reason'}`
            : 'The document is still being processed; it can be shown once it is ready.',
        );
      return { kind: 'rendered', bytes: await render(doc, layoutWords(language)), disposition };
    },

    /**
     * What the viewer says beside the pdf (GET /download/{id}/notes), as codes it translates:
     * the notes of the layout just sent when this process made it, else worked out again.
     */
    async notes(actor: Actor, id: number): Promise<SourceNoteText[]> {
      const doc = await readable(actor, id);
      if (doc.type === 'sitemap') return sitemapNotes(await deps.repo.pagesOf(doc.id));
      if (doc.type === 'pdf' || doc.status !== 'ready') return [];
      const known = recentNotes.find(doc);
      if (known) return known;
      if (doc.type === 'png' || doc.type === 'jpg' || doc.type === 'jpeg') return [];
      return sectionNotes(await sections(doc));
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
