/**
 * SOP uploads read and checked as knowledge uploads are: the same name, declared
 * type, magic-byte and package checks (knowledge/file-check.ts) and the same storage, for the two
 * types an SOP may have (pdf, docx), then the text extracted with its pages by the ingestion
 * pipeline. Nothing is stored until the whole request is accepted; a refusal names the file.
 */
import { extensionOf } from '../../../contract/knowledge';
import { MAX_FILE_COUNT } from '../../../contract/constants';
import { SOP_UPLOAD_EXTENSIONS } from '../../../contract/sop';
import { AppError } from '../../http/app-error';
import type {
  ExtractableKind,
  ExtractionResult,
  ExtractOptions,
} from '../../services/ingest/types';
import type { SopSection } from '../../services/checklist/types';
import type { Storage } from '../../services/storage';
import {
  asUploadExtension,
  checkContainer,
  declaredTypeFits,
  headRefusal,
} from '../knowledge/public';

export type SopPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      field: string;
      filename: string;
      mimetype: string;
      stream: AsyncIterable<Buffer>;
    };

export interface StagedFile {
  field: string;
  name: string;
  ext: 'pdf' | 'docx';
  tempPath: string;
  size: number;
  sha256: string;
}

export type ExtractText = (
  filePath: string,
  kind: ExtractableKind,
  options: ExtractOptions,
) => Promise<ExtractionResult>;

export interface FileDeps {
  storage: Storage;
  maxUploadMb: number;
  extract: ExtractText;
}

async function drain(stream: AsyncIterable<Buffer>) {
  for await (const chunk of stream) void chunk;
}

const refused = (
  status: number,
  code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR',
  message: string,
) => new AppError(status, code, message);

/** One file to a temporary place, checked; throws a refusal (the caller discards the rest). */
async function stage(
  deps: FileDeps,
  part: Extract<SopPart, { kind: 'file' }>,
): Promise<StagedFile> {
  const name = part.filename;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (!name || name.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(name)) {
    await drain(part.stream);
    throw refused(400, 'VALIDATION_ERROR', 'A file name is not allowed.');
  }
  const ext = asUploadExtension(extensionOf(name));
  if (!ext || !(SOP_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
    await drain(part.stream);
    throw refused(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `"${name}" cannot be uploaded: an SOP file is a pdf or docx.`,
    );
  }
  if (!declaredTypeFits(ext, part.mimetype)) {
    await drain(part.stream);
    throw refused(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `"${name}" was sent as ${part.mimetype}, which does not fit a .${ext} file.`,
    );
  }
  const written = await deps.storage.write(part.stream, {
    maxBytes: deps.maxUploadMb * 1024 * 1024,
    checkHead: (head) => headRefusal(name, ext, head),
  });
  const fail = async (error: AppError) => {
    await deps.storage.discard(written.tempPath);
    throw error;
  };
  if (written.refused === 'too_large')
    return fail(
      refused(
        413,
        'PAYLOAD_TOO_LARGE',
        `"${name}" is larger than ${deps.maxUploadMb} MB, the most a file may have.`,
      ),
    );
  if (written.refused) return fail(refused(415, 'UNSUPPORTED_MEDIA_TYPE', written.refused.reason));
  if (written.size === 0) return fail(refused(400, 'VALIDATION_ERROR', `"${name}" is empty.`));
  const container = await checkContainer(written.tempPath, name, ext);
  if (!container.ok)
    return fail(
      refused(
        container.status,
        container.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
        container.message,
      ),
    );
  return {
    field: part.field,
    name,
    ext: ext as 'pdf' | 'docx',
    tempPath: written.tempPath,
    size: written.size,
    sha256: written.sha256,
  };
}

/** Reads a multipart request: its fields, and its files staged and checked. */
export async function readUpload(
  deps: FileDeps,
  parts: AsyncIterable<SopPart>,
  maxFiles = MAX_FILE_COUNT,
): Promise<{ fields: Map<string, string>; files: StagedFile[] }> {
  const fields = new Map<string, string>();
  const files: StagedFile[] = [];
  let count = 0;
  let failure: unknown;
  try {
    for await (const part of parts) {
      if (part.kind === 'field') {
        if (!fields.has(part.name)) fields.set(part.name, part.value);
        continue;
      }
      count += 1;
      if (failure !== undefined || count > maxFiles) {
        await drain(part.stream);
        continue;
      }
      try {
        files.push(await stage(deps, part));
      } catch (error) {
        failure = error;
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure === undefined && count > maxFiles)
    failure = new AppError(
      400,
      'VALIDATION_ERROR',
      `At most ${maxFiles} files can be uploaded at once; ${count} were sent.`,
    );
  if (failure !== undefined) {
    await discardAll(deps.storage, files);
    throw failure;
  }
  return { fields, files };
}

export async function discardAll(storage: Storage, files: readonly StagedFile[]) {
  await Promise.all(files.map((f) => storage.discard(f.tempPath)));
}

/** The SOP's text with pages, as the ingestion pipeline reads it; 422 when it cannot. */
export async function extractSop(
  deps: FileDeps,
  file: StagedFile,
): Promise<{ sections: SopSection[]; pageCount: number }> {
  const result = await deps.extract(file.tempPath, file.ext, { advancedTraining: false });
  if (!result.ok)
    throw new AppError(
      422,
      'VALIDATION_ERROR',
      `"${file.name}" could not be read: ${result.reason}`,
    );
  return {
    pageCount: result.doc.pageCount,
    sections: result.doc.sections.map((s) => ({
      text: s.text,
      page: s.position.page,
      heading: s.position.heading,
      hardLines: Boolean(s.hardLines),
    })),
  };
}

/** A second stored copy of a file (a reference file given with several SOPs at once). */
export async function copyStored(deps: FileDeps, relPath: string, ext: string): Promise<string> {
  const written = await deps.storage.write(await deps.storage.openRead(relPath), {
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  return deps.storage.commit(written.tempPath, ext);
}

/** Accepted files into storage, then their rows (`write`); on any failure no file stays. */
export async function commitStaged<T>(
  storage: Storage,
  staged: StagedFile[],
  write: (paths: Map<StagedFile, string>) => Promise<T>,
): Promise<T> {
  const paths = new Map<StagedFile, string>();
  try {
    for (const f of staged) paths.set(f, await storage.commit(f.tempPath, f.ext));
    return await write(paths);
  } catch (error) {
    await Promise.all([...paths.values()].map((p) => storage.remove(p)));
    await discardAll(
      storage,
      staged.filter((f) => !paths.has(f)),
    );
    throw error;
  }
}
