/** Addresses the SOP screens link to; the app layer passes them in. */
export interface SopLinks {
  list: string;
  checklists: string;
  upload: string;
  archive: string;
  /** archive/{id}: the archive narrowed to that archived SOP. */
  archived: (id: number) => string;
  /** archive-upload/{id}: a document's files (replace, references). */
  files: (id: number) => string;
  generate: (id: number) => string;
  checklist: (id: number) => string;
  view: (id: number) => string;
}
