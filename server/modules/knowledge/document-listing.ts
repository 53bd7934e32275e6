/** How a document reads in lists: its row with department and uploader names joined. */
import type { Kysely, Transaction } from 'kysely';
import type { KnowledgeDocument } from '../../../contract/knowledge';
import {
  DOCUMENT_FAILURES,
  type DocumentFailure,
  SOURCE_NOTES,
  type SourceNote,
} from '../../../contract/knowledge-texts';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export const LISTED = [
  'd.id',
  'd.name',
  'd.is_url',
  'd.type',
  'd.size_bytes',
  'd.department_id',
  'dep.name as department_name',
  'd.uploaded_by',
  'u.first_name',
  'u.last_name',
  'u.username',
  'd.created_at',
  'd.status',
  'd.error',
  'd.error_code',
  'd.error_params',
  'd.soft_delete',
  'd.advanced_training',
  'd.need_summary',
  'd.summary',
  'd.summary_code',
  'd.summary_params',
  'd.page_count',
  'd.chunk_count',
  'd.parent_id',
  'd.last_fetched_at',
  'd.phase',
  'd.phase_done',
  'd.phase_total',
  'd.deleted_at',
  'd.deleted_by',
  'del.first_name as deleted_first_name',
  'del.last_name as deleted_last_name',
  'del.username as deleted_username',
] as const;

export function baseQuery(db: Db) {
  return db
    .selectFrom('documents as d')
    .innerJoin('departments as dep', 'dep.id', 'd.department_id')
    .leftJoin('users as u', 'u.id', 'd.uploaded_by')
    .leftJoin('users as del', 'del.id', 'd.deleted_by');
}

interface ListedRow {
  id: number;
  name: string;
  is_url: number;
  type: string;
  size_bytes: number | string;
  department_id: number;
  department_name: string;
  uploaded_by: number | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  created_at: string;
  status: KnowledgeDocument['status'];
  error: string | null;
  error_code: string | null;
  error_params: string | null;
  soft_delete: number;
  advanced_training: number;
  need_summary: number;
  summary: string | null;
  summary_code: string | null;
  summary_params: string | null;
  page_count: number | null;
  chunk_count: number | string;
  parent_id: number | null;
  last_fetched_at: string | null;
  phase: 'ocr' | null;
  phase_done: number | null;
  phase_total: number | null;
  deleted_at: string | null;
  deleted_by: number | null;
  deleted_first_name: string | null;
  deleted_last_name: string | null;
  deleted_username: string | null;
}

/** A person as lists name them: full name, else user name, else their id. */
function personOf(
  id: number | null,
  first: string | null,
  last: string | null,
  username: string | null,
): { id: number; name: string } | null {
  if (id === null) return null;
  const fullName = [first, last].filter(Boolean).join(' ').trim();
  return { id, name: fullName || username || `#${id}` };
}

export function toDocument(r: ListedRow): KnowledgeDocument {
  return {
    id: r.id,
    name: r.name,
    is_url: Boolean(r.is_url),
    type: r.type,
    size_bytes: Number(r.size_bytes),
    department_id: r.department_id,
    department_name: r.department_name,
    uploaded_by: personOf(r.uploaded_by, r.first_name, r.last_name, r.username),
    uploaded_at: r.created_at,
    deleted_by: personOf(
      r.deleted_by,
      r.deleted_first_name,
      r.deleted_last_name,
      r.deleted_username,
    ),
    deleted_at: r.deleted_at,
    status: r.status,
    error: r.error,
    error_text:
      r.error === null
        ? null
        : storedText<DocumentFailure>(DOCUMENT_FAILURES, r.error_code, r.error_params),
    soft_delete: Boolean(r.soft_delete),
    advanced_training: Boolean(r.advanced_training),
    need_summary: Boolean(r.need_summary),
    summary: r.summary,
    summary_text:
      r.summary === null
        ? null
        : storedText<SourceNote>(SOURCE_NOTES, r.summary_code, r.summary_params),
    page_count: r.page_count,
    chunk_count: Number(r.chunk_count),
    parent_id: r.parent_id,
    last_fetched_at: r.last_fetched_at,
    progress: progressOf(r),
  };
}

/**
 * A stored code with its JSON parameters; null when there is none, or one this server does not
 * know (written by a newer one), so the English beside it is shown instead.
 */
function storedText<C extends string>(
  codes: readonly C[],
  code: string | null,
  params: string | null,
): { code: C; params: Record<string, string> } | null {
  if (code === null || !(codes as readonly string[]).includes(code)) return null;
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(params ?? '{}');
  } catch {
    parsed = {};
  }
  const values =
    parsed && typeof parsed === 'object'
      ? Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string')
      : [];
  return { code: code as C, params: Object.fromEntries(values) };
}

/** Only while it is still being read: a failed or ready document shows no phase. */
function progressOf(r: ListedRow): KnowledgeDocument['progress'] {
  if (r.phase !== 'ocr' || (r.status !== 'queued' && r.status !== 'processing')) return null;
  return { phase: r.phase, done: Number(r.phase_done ?? 0), total: Number(r.phase_total ?? 0) };
}
