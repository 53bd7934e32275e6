/**
 * The SOP repository's pages as one lazy chunk: the screen table then holds one
 * loader for the seven screens instead of seven, each of which costs the first download its
 * preload list.
 */
import type { SopLinks } from '@/features/sop/sop-links';

const SOP_BASE = '/sop-repository';

export { ChecklistEditPage } from '@/features/sop/checklist-edit-page';
export { ChecklistViewPage } from '@/features/sop/checklist-view-page';
export { GenerateChecklistPage } from '@/features/sop/generate-checklist-page';
export { SopArchivePage } from '@/features/sop/sop-archive-page';
export { SopFilesPage } from '@/features/sop/sop-files-page';
export { SopIndexPage } from '@/features/sop/sop-index-page';
export { SopUploadPage } from '@/features/sop/sop-upload-page';

/** Where the SOP pages link to (kept in this chunk, out of the first download). */
export const sopLinks: SopLinks = {
  list: SOP_BASE,
  checklists: `${SOP_BASE}?view=checklists`,
  upload: `${SOP_BASE}/upload`,
  archive: `${SOP_BASE}/archive`,
  archived: (id) => `${SOP_BASE}/archive/${id}`,
  files: (id) => `${SOP_BASE}/archive-upload/${id}`,
  generate: (id) => `${SOP_BASE}/generate-checklist/${id}`,
  checklist: (id) => `${SOP_BASE}/checklists/${id}`,
  view: (id) => `${SOP_BASE}/checklists/view/${id}`,
};
