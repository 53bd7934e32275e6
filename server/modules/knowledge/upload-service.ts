/**
 * POST /upload/docs (SPEC §5, §7, §8); addresses are in url-upload-service.ts. Files stream to
 * temporary storage and are checked on the way (name, extension, declared type, magic bytes,
 * size); only after the whole request is read (form fields may come after the files) are the
 * department and duplicates checked and the accepted files moved into place, each with its row
 * and its job in one transaction. A refused file leaves no file and no row.
 */
import { MAX_FILE_COUNT } from '../../../contract/constants';
import {
  extensionOf,
  UPLOAD_EXTENSIONS,
  uploadDocsFieldsSchema,
  type UploadDocsFields,
  type UploadDocsResponse,
  type UploadItemResult,
} from '../../../contract/knowledge';
import type { AccessSubject } from '../../../contract/profile';
import { isUniqueViolation } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import type { Storage } from '../../services/storage';
import {
  answer,
  departmentCheck,
  refusal,
  type RefusalText,
  refusalText,
  type UploadAnswer,
} from './upload-common';
import {
  asUploadExtension,
  checkContainer,
  csvBinary,
  declaredTypeFits,
  headRefusalText,
} from './file-check';
import type { DocumentsRepo } from './repo';

export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; filename: string; mimetype: string; stream: AsyncIterable<Buffer> };

interface Staged {
  name: string;
  ext: NonNullable<ReturnType<typeof asUploadExtension>>;
  tempPath: string;
  size: number;
  sha256: string;
}

type Outcome = { staged: Staged } | { result: UploadItemResult };

const truthy = (value: string | undefined) => /^(true|1|on|yes)$/i.test((value ?? '').trim());

/** A name that is a plain file name: no directories, no control characters. */
function unsafeName(name: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  return !name || name.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(name) || /^\.+$/.test(name);
}

function printable(name: string): string {
  // eslint-disable-next-line no-control-regex -- shown in a message, so control characters go
  return name.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 120);
}

async function drain(stream: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of stream) void chunk;
}

interface UploadDeps {
  repo: DocumentsRepo;
  storage: Storage;
  maxUploadMb: number;
  wake: () => void;
}

/** One file read to a temp file and checked (name, type, size, content); refused ones are drained. */
async function stageFile(
  { storage, maxUploadMb }: Pick<UploadDeps, 'storage' | 'maxUploadMb'>,
  part: Extract<UploadPart, { kind: 'file' }>,
): Promise<Outcome> {
  const maxBytes = maxUploadMb * 1024 * 1024;
  const name = part.filename;
  if (unsafeName(name)) {
    await drain(part.stream);
    const shown = printable(name);
    return {
      result: refusal(
        shown,
        400,
        refusalText('file_name', `The file name "${shown}" is not allowed.`, { name: shown }),
      ),
    };
  }
  const ext = asUploadExtension(extensionOf(name));
  if (!ext) {
    await drain(part.stream);
    const types = UPLOAD_EXTENSIONS.join(', ');
    return {
      result: refusal(
        name,
        415,
        refusalText(
          'type_not_allowed',
          `"${name}" cannot be uploaded: allowed types are ${types}.`,
          { name, types },
        ),
      ),
    };
  }
  if (!declaredTypeFits(ext, part.mimetype)) {
    await drain(part.stream);
    return {
      result: refusal(
        name,
        415,
        refusalText(
          'declared_type',
          `"${name}" was sent as ${part.mimetype}, which does not fit a .${ext} file.`,
          { name, declared: part.mimetype, ext },
        ),
      ),
    };
  }
  // Storage takes the English reason; the code of the same refusal is kept here.
  let headText: RefusalText | undefined;
  const written = await storage.write(part.stream, {
    maxBytes,
    checkHead: (head) => {
      headText = headRefusalText(name, ext, head);
      return headText?.message;
    },
  });
  const refuse = async (status: number, text: RefusalText): Promise<Outcome> => {
    await storage.discard(written.tempPath);
    return { result: refusal(name, status, text) };
  };
  if (written.refused === 'too_large')
    return refuse(
      413,
      refusalText(
        'too_large',
        `"${name}" is larger than ${maxUploadMb} MB, the most a file may have.`,
        { name, max_mb: maxUploadMb },
      ),
    );
  if (written.refused)
    return refuse(
      415,
      headText ?? refusalText('content_mismatch', written.refused.reason, { name, ext }),
    );
  if (written.size === 0) return refuse(400, refusalText('empty', `"${name}" is empty.`, { name }));
  if (ext === 'csv' && written.sawNul) return refuse(415, csvBinary(name));
  const container = await checkContainer(written.tempPath, name, ext);
  if (!container.ok) return refuse(container.status, container.text);
  return {
    staged: { name, ext, tempPath: written.tempPath, size: written.size, sha256: written.sha256 },
  };
}

/** Where staged files go: their department, the upload's options and who sent them. */
interface StoreContext {
  departmentId: number;
  userId: number;
  advanced: boolean;
  needSummary: boolean;
  /** Content hashes stored by this request, with the name each was stored under. */
  seen: Map<string, string>;
}

/** A staged file committed as a document with its job, or refused as a duplicate. */
async function storeStaged(
  { repo, storage }: Pick<UploadDeps, 'repo' | 'storage'>,
  s: Staged,
  c: StoreContext,
): Promise<UploadItemResult> {
  const duplicateOf =
    c.seen.get(s.sha256) ?? (await repo.findBySha(c.departmentId, s.sha256))?.name;
  if (duplicateOf !== undefined) {
    await storage.discard(s.tempPath);
    return refusal(
      s.name,
      409,
      refusalText('duplicate', `"${s.name}" is already in this department as "${duplicateOf}".`, {
        name: s.name,
        existing: duplicateOf,
      }),
    );
  }
  const storagePath = await storage.commit(s.tempPath, s.ext);
  try {
    const id = await repo.db.transaction().execute((trx) =>
      repo.insertWithJob(trx, {
        name: s.name,
        is_url: 0,
        url: null,
        type: s.ext,
        size_bytes: s.size,
        sha256: s.sha256,
        storage_path: storagePath,
        department_id: c.departmentId,
        uploaded_by: c.userId,
        advanced_training: c.advanced ? 1 : 0,
        need_summary: c.needSummary ? 1 : 0,
        parent_id: null,
      }),
    );
    c.seen.set(s.sha256, s.name);
    return {
      file_name: s.name,
      status_code: 201,
      message: 'Uploaded; reading it now.',
      document_id: id,
    };
  } catch (error) {
    await storage.remove(storagePath);
    if (!isUniqueViolation(error)) throw error;
    return refusal(
      s.name,
      409,
      refusalText('duplicate_unnamed', `"${s.name}" is already in this department.`, {
        name: s.name,
      }),
    );
  }
}

export function createUploadService(deps: UploadDeps) {
  const { storage } = deps;
  const departmentFor = departmentCheck(deps.repo);

  return {
    async uploadFiles(
      user: UserRow,
      subject: AccessSubject,
      parts: AsyncIterable<UploadPart>,
    ): Promise<UploadAnswer<UploadDocsResponse>> {
      const fields = new Map<string, string>();
      const outcomes: Outcome[] = [];
      let files = 0;
      let departmentId: number | undefined;
      const discardAll = () =>
        Promise.all(
          outcomes.map((o) => ('staged' in o ? storage.discard(o.staged.tempPath) : undefined)),
        );
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (!fields.has(part.name)) fields.set(part.name, part.value);
            // Sent before the files (as the console does): refuse early, before storing anything.
            if (part.name === 'department_id' && departmentId === undefined)
              departmentId = await departmentFor(subject, part.value);
            continue;
          }
          files += 1;
          if (files > MAX_FILE_COUNT) {
            await drain(part.stream);
            continue;
          }
          outcomes.push(await stageFile(deps, part));
        }
      } catch (error) {
        await discardAll();
        throw error;
      }
      if (files > MAX_FILE_COUNT) {
        await discardAll();
        throw new AppError(
          400,
          'VALIDATION_ERROR',
          `At most ${MAX_FILE_COUNT} files can be uploaded at once; ${files} were sent.`,
        );
      }
      if (files === 0) throw new AppError(400, 'VALIDATION_ERROR', 'No files selected for upload');
      let form: UploadDocsFields;
      try {
        departmentId ??= await departmentFor(subject, fields.get('department_id'));
        form = parseInput(uploadDocsFieldsSchema, Object.fromEntries(fields));
      } catch (error) {
        await discardAll();
        throw error;
      }
      const context: StoreContext = {
        departmentId,
        userId: user.id,
        advanced: truthy(form.advanced_training),
        needSummary: truthy(form.need_summary),
        seen: new Map(),
      };
      const items: UploadItemResult[] = [];
      for (const outcome of outcomes) {
        if ('result' in outcome) {
          items.push(outcome.result);
          continue;
        }
        items.push(await storeStaged(deps, outcome.staged, context));
      }
      deps.wake();
      return answer({ items });
    },
  };
}
