/** What both upload routes share: the per-item refusal shape, the answer, the department check. */
import { departmentScope, inScope } from '../../../contract/access';
import type { UploadItemResult } from '../../../contract/knowledge';
import type { UploadRefusal } from '../../../contract/knowledge-texts';
import type { AccessSubject } from '../../../contract/profile';
import { AppError } from '../../http/app-error';
import type { DocumentsRepo } from './repo';

export interface UploadAnswer<T> {
  status: number;
  body: T & { message?: string; code?: string };
}

const CODES: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  403: 'FORBIDDEN',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Why one file was refused: English for API clients, a code and parameters for the console. */
export interface RefusalText {
  message: string;
  code: UploadRefusal;
  params: Record<string, string>;
}

/** A refusal's text; numbers are written as digits, the console formats them. */
export const refusalText = (
  code: UploadRefusal,
  message: string,
  params: Record<string, string | number>,
): RefusalText => ({
  message,
  code,
  params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
});

export const refusal = (
  file_name: string,
  status_code: number,
  { message, code, params }: RefusalText,
): UploadItemResult => ({ file_name, status_code, message, code, params, document_id: null });

/**
 * Several items: 200 if any was stored, else the first refusal's status and message; the
 * answer's own `code` is the error code of that status (errors.json `codes`), each item's the
 * reason for that file.
 */
export function answer<T extends { items: { status_code: number; message: string }[] }>(
  body: T,
): UploadAnswer<T> {
  if (body.items.some((i) => i.status_code === 201)) return { status: 200, body };
  const first = body.items[0];
  return {
    status: first.status_code,
    body: { ...body, message: first.message, code: CODES[first.status_code] ?? 'VALIDATION_ERROR' },
  };
}

/** The department an upload goes to: given, existing, and one where the user may add (403). */
export function departmentCheck(repo: DocumentsRepo) {
  return async function departmentFor(
    subject: AccessSubject,
    raw: string | number | undefined,
  ): Promise<number> {
    const text = String(raw ?? '').trim();
    if (!text)
      throw new AppError(400, 'VALIDATION_ERROR', 'Choose a department for the upload.', {
        fields: [{ path: 'department_id', message: 'required' }],
      });
    const id = Number(text);
    if (!Number.isInteger(id) || !(await repo.departmentExists(id)))
      throw new AppError(400, 'VALIDATION_ERROR', 'The chosen department does not exist.', {
        fields: [{ path: 'department_id', message: 'not_found' }],
      });
    if (!inScope(departmentScope(subject, 'Documents', 'ADD'), id))
      throw new AppError(403, 'FORBIDDEN', 'You may not add documents to this department.');
    return id;
  };
}
