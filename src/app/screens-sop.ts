/**
 * The SOP repository's screens of the screen table (SPEC §2 /sop-repository; issue 15), with
 * the addresses its pages link to. Apart from screens.ts only for its length.
 */
import type { ComponentType } from 'react';
import { generatePath } from 'react-router-dom';
import type { SopLinks } from '@/features/sop/sop-links';
import { lazyPage, linkedPage } from './lazy-page';
import type { Screen } from './screen-entry';

const sop = 'sopRepository';
const PATHS = {
  sop: '/sop-repository',
  sopChecklists: '/sop-repository/checklists/:id',
  sopGenerate: '/sop-repository/generate-checklist/:id',
  sopArchive: '/sop-repository/archive/:id?',
  sopUpload: '/sop-repository/upload',
  sopArchiveUpload: '/sop-repository/archive-upload/:id',
  checklistView: '/sop-repository/checklists/view/:id',
} as const;

const withId = (path: string) => (id: number) => generatePath(path, { id: String(id) });
const links: SopLinks = {
  list: PATHS.sop,
  checklists: `${PATHS.sop}?view=checklists`,
  upload: PATHS.sopUpload,
  archive: generatePath(PATHS.sopArchive, {}),
  files: withId(PATHS.sopArchiveUpload),
  generate: withId(PATHS.sopGenerate),
  checklist: withId(PATHS.sopChecklists),
  view: withId(PATHS.checklistView),
};

const page = {
  index: () => import('@/features/sop/sop-index-page'),
  upload: () => import('@/features/sop/sop-upload-page'),
  archive: () => import('@/features/sop/sop-archive-page'),
  files: () => import('@/features/sop/sop-files-page'),
  generate: () => import('@/features/sop/generate-checklist-page'),
  edit: () => import('@/features/sop/checklist-edit-page'),
  view: () => import('@/features/sop/checklist-view-page'),
};
const linked = <K extends string, M extends Record<K, ComponentType<{ links: SopLinks }>>>(
  load: () => Promise<M>,
  name: K,
) => linkedPage(load, name, () => links);

export function sopScreens() {
  return {
    sop: {
      path: PATHS.sop,
      rule: sop,
      page: linked(page.index, 'SopIndexPage'),
      menu: { key: 'sopRepository' },
      card: { key: 'sopRepository', name: 'sop' },
    },
    sopChecklists: {
      path: PATHS.sopChecklists,
      rule: sop,
      page: linked(page.edit, 'ChecklistEditPage'),
    },
    sopGenerate: {
      path: PATHS.sopGenerate,
      rule: sop,
      page: linked(page.generate, 'GenerateChecklistPage'),
    },
    sopArchive: { path: PATHS.sopArchive, rule: sop, page: linked(page.archive, 'SopArchivePage') },
    sopUpload: { path: PATHS.sopUpload, rule: sop, page: linked(page.upload, 'SopUploadPage') },
    sopArchiveUpload: {
      path: PATHS.sopArchiveUpload,
      rule: sop,
      page: lazyPage(
        page.files,
        (m) => m.SopFilesPage,
        () => ({}),
      ),
    },
    checklistView: {
      path: PATHS.checklistView,
      rule: sop,
      layout: 'checklist',
      page: lazyPage(
        page.view,
        (m) => m.ChecklistViewPage,
        () => ({}),
      ),
    },
  } satisfies Record<string, Screen>;
}
