/**
 * Table types for Kysely. Booleans are stored as integers (0/1) and timestamps as UTC ISO
 * strings in both dialects, so one set of queries and migrations serves SQLite and PostgreSQL.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ChatTables } from './schema-chat';
import type { DbSourceTables } from './schema-db-sources';
import type { EmailAgentColumns, EmailTables } from './schema-email';
import type { HelpdeskTables } from './schema-helpdesk';
import type { ReportTables } from './schema-reports';
import type { SopTables } from './schema-sop';
import type { WidgetTables } from './schema-widgets';
import type { ApiKeyTables } from './schema-api-keys';

export type * from './schema-chat';
export type * from './schema-db-sources';
export type * from './schema-email';
export type * from './schema-helpdesk';
export type * from './schema-reports';
export type * from './schema-sop';
export type * from './schema-widgets';

// Every area's tables; areas in files of their own join here (the assistant's, the widgets').
export interface DB
  extends
    ChatTables,
    DbSourceTables,
    EmailTables,
    HelpdeskTables,
    ReportTables,
    SopTables,
    WidgetTables {}

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  /** Added by 0002-identity. */
  description: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PermissionsTable {
  id: number;
  module_name: string;
  action: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  /** null: the role applies in every department. */
  department_id: number | null;
  /** JSON text: a list of permission ids. */
  permission_set: string;
  description: string;
  created_at: string;
  updated_at: string;
  /** Added by 0002-identity. */
  created_by: number | null;
  updated_by: number | null;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Always stored lower-cased. */
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  status: 'active' | 'disabled';
  is_verified: number;
  is_defaultadmin: number;
  failed_logins: number;
  /** Start of the current window of failed sign-ins (LOGIN_LOCK_MINUTES long). */
  failed_window_started_at: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
  created_by: number | null;
  updated_by: number | null;
}

export interface UserRolesTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
  department_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface EmailTokensTable {
  id: Generated<number>;
  /** sha256 of the token, hex; the token itself only travels in the mail. */
  token_hash: string;
  user_id: number;
  purpose: 'verify' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** 0015-email-agent adds the connection and sync columns. */
export interface EmailAgentsTable extends EmailAgentColumns {
  id: Generated<number>;
  email: string;
  title: string;
  status: number;
  department_id: number | null;
  created_at: string;
}

export interface DB {
  departments: DepartmentsTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  email_agents: EmailAgentsTable;
  user_history: UserHistoryTable;
  role_history: RoleHistoryTable;
}

/** One change of a user or role (0002-identity); snapshots are JSON text, null where absent. */
interface HistoryColumns {
  id: Generated<number>;
  action: 'create' | 'update' | 'delete' | 'restore';
  changed_by: number | null;
  /** The actor's name when the change was made, so the entry survives their deletion. */
  changed_by_name: string | null;
  changed_at: string;
  old_values: string | null;
  new_values: string | null;
  restored_from: number | null;
}

export interface UserHistoryTable extends HistoryColumns {
  user_id: number;
}

export interface RoleHistoryTable extends HistoryColumns {
  role_id: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type EmailTokenRow = Selectable<EmailTokensTable>;

// Knowledge (0003-knowledge). Declared as a second `DB` block (interfaces merge) so areas
// append their tables without touching each other's lines.
export interface DB {
  documents: DocumentsTable;
  ingestion_jobs: IngestionJobsTable;
  document_tables: DocumentTablesTable;
  document_scanned_pages: DocumentScannedPagesTable;
}

export interface DocumentsTable {
  id: Generated<number>;
  name: string;
  is_url: number;
  url: string | null;
  /** Extension for files; 'html' or 'sitemap' for addresses. */
  type: string;
  size_bytes: number;
  sha256: string | null;
  /** Relative to STORAGE_DIR. */
  storage_path: string | null;
  department_id: number;
  uploaded_by: number | null;
  status: 'queued' | 'processing' | 'ready' | 'failed';
  error: string | null;
  soft_delete: number;
  advanced_training: number;
  need_summary: number;
  summary: string | null;
  page_count: number | null;
  chunk_count: number;
  parent_id: number | null;
  last_fetched_at: string | null;
  /** The document's own title (a web page's <title>, a pdf's metadata); set by its job. */
  title: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language of its text (0027), detected when its chunks are indexed. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** What a processing document is doing while it takes long (0028): 'ocr', or null. */
  phase: ColumnType<'ocr' | null, 'ocr' | null | undefined, 'ocr' | null>;
  /** Pages read of `phase_total` to read. */
  phase_done: ColumnType<number | null, number | null | undefined, number | null>;
  phase_total: ColumnType<number | null, number | null | undefined, number | null>;
  /** When it went to the recycle bin (0035); null outside it or when nobody recorded it. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who moved it to the recycle bin (0035). */
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * `error` as a code the console translates (0039; contract/knowledge-texts.ts
   * DOCUMENT_FAILURES) and its parameters as a JSON object; null: `error` alone says it.
   */
  error_code: ColumnType<string | null, string | null | undefined, string | null>;
  error_params: ColumnType<string | null, string | null | undefined, string | null>;
  /** `summary` as a code (0039; SOURCE_NOTES: a sitemap's pages) and its JSON parameters. */
  summary_code: ColumnType<string | null, string | null | undefined, string | null>;
  summary_params: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A page of a document to read with OCR (0028); text null until it is read. */
export interface DocumentScannedPagesTable {
  document_id: number;
  page: number;
  dpi: number;
  text: string | null;
}

export interface IngestionJobsTable {
  id: Generated<number>;
  document_id: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  claimed_by: string | null;
  claimed_at: string | null;
  heartbeat_at: string | null;
  run_after: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentTablesTable {
  id: Generated<number>;
  document_id: number;
  ordinal: number;
  name: string;
  /** JSON text. */
  columns: string;
  rows: string;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type JobRow = Selectable<IngestionJobsTable>;

// Search (0004-search): document chunks; their full-text index is dialect-specific (FTS5 table
// chunks_fts on SQLite, a tsvector column on PostgreSQL) and only services/search touches it.
export interface DB {
  chunks: ChunksTable;
}

export interface ChunksTable {
  id: Generated<number>;
  document_id: number;
  ordinal: number;
  text: string;
  /** Heading or sheet name, indexed with a lower weight than the text. */
  context: string;
  page: number | null;
  sheet: string | null;
  row_start: number | null;
  row_end: number | null;
  heading: string | null;
  /** The passage's language (0027): ISO 639-1, or 'und'. */
  language: Generated<string>;
  /** Its text's analysed terms in order, space-separated (services/search/analysed-chunks). */
  terms: Generated<string>;
  /** Its heading's or sheet name's terms. */
  label_terms: Generated<string>;
  term_count: Generated<number>;
  /** The analysis the terms come from (ANALYSIS_VERSION). */
  analysis: Generated<number>;
}

// Password-guess back-off (0008-auth-throttle).
export interface AuthThrottleTable {
  key: string;
  failures: number;
  blocked_until: string | null;
  updated_at: string;
}

export interface DB {
  auth_throttle: AuthThrottleTable;
}

// Fixed-window request counts shared by the server processes (0016-rate-windows).
export interface RateWindowTable {
  key: string;
  /** Epoch milliseconds; a bigint, which PostgreSQL returns as a string. */
  reset_at: number | string;
  count: number;
}

export interface DB {
  rate_windows: RateWindowTable;
}

export type * from './schema-api-keys';
export interface DB {
  api_keys: ApiKeyTables['api_keys'];
  api_key_departments: ApiKeyTables['api_key_departments'];
}
