import type { Generated, Selectable } from 'kysely';

/** The SOP repository's tables (0014-sop), part of `DB` in schema.ts. */
export interface SopTables {
  sop_clients: SopClientsTable;
  sop_documents: SopDocumentsTable;
  sop_files: SopFilesTable;
  sop_checklists: SopChecklistsTable;
  sop_checklist_versions: SopChecklistVersionsTable;
  sop_checklist_data: SopChecklistDataTable;
}

export interface SopChecklistDataTable {
  checklist_id: number;
  /** JSON text: { items, excluded }. */
  data_json: string;
}

export interface SopClientsTable {
  id: Generated<number>;
  first_name: string;
  created_at: string;
}

export interface SopDocumentsTable {
  id: Generated<number>;
  name: string;
  department_id: number;
  client_id: number;
  industry: string;
  product_type: string;
  page_count: number;
  requirement_count: number;
  archived_at: string | null;
  archive_comment: string | null;
  archived_by: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SopFilesTable {
  id: Generated<number>;
  document_id: number;
  kind: 'sop' | 'reference';
  version: number;
  name: string;
  type: string;
  size_bytes: number;
  sha256: string;
  storage_path: string;
  page_count: number;
  /** JSON text: SopSection[] (kind 'sop'); null for references. */
  sections_json: string | null;
  /** JSON text: Requirement[] of the built-in extractor; null for references. */
  requirements_json: string | null;
  /** JSON text: Requirement[] the model proposed and the server checked; null until asked. */
  llm_requirements_json: string | null;
  /** Why the model's requirements were refused for this file (migration 0023); null: not. */
  llm_fallback: string | null;
  replaced_at: string | null;
  uploaded_by: number | null;
  uploaded_at: string;
}

export interface SopChecklistsTable {
  id: Generated<number>;
  name: string;
  sop_document_id: number | null;
  /** The SOP file version it was generated from (migration 0023); null before it was known. */
  sop_file_version: number | null;
  sop_name: string;
  client_name: string;
  department_id: number;
  from_location: string;
  to_location: string;
  shipment_mode: string;
  start_date: string;
  end_date: string;
  status: string;
  engine: string;
  item_count: number;
  done_count: number;
  version: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SopChecklistVersionsTable {
  id: Generated<number>;
  checklist_id: number;
  version: number;
  changes_json: string;
  changed_by: string;
  changed_at: string;
}

export type SopDocumentRow = Selectable<SopDocumentsTable>;
export type SopFileRow = Selectable<SopFilesTable>;
/** A checklist with its items' JSON. */
export type SopChecklistRow = Selectable<SopChecklistsTable> & { data_json: string };
