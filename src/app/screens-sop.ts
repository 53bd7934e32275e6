/**
 * The SOP repository's screens of the screen table (SPEC §2 /sop-repository), with
 * the addresses its pages link to. Apart from screens.ts only for its length.
 */
import { createElement, type ComponentType } from 'react';
import type { SopLinks } from '@/features/sop/sop-links';
import type { Page } from './lazy-page';
import type { Screen } from './screen-entry';
import type * as SopPages from './sop-pages';

const sop = 'sopRepository' as const;
const base = '/sop-repository';

type Pages = typeof SopPages;
type Name = Exclude<keyof Pages, 'sopLinks'>;
const load = () => import('./sop-pages');
/** A page of the SOP chunk, given the links the chunk itself holds. */
const page =
  (name: Name): Page =>
  async () => {
    const pages = await load();
    const Component = pages[name] as ComponentType<{ links: SopLinks }>;
    return () => createElement(Component, { links: pages.sopLinks });
  };

/** One SOP screen: its path under /sop-repository and its page. */
const screen = (path: string, name: Name) => ({ path: base + path, rule: sop, page: page(name) });

export function sopScreens() {
  return {
    sop: {
      ...screen('', 'SopIndexPage'),
      menu: { key: 'sopRepository' },
      card: { key: 'sopRepository', name: 'sop' },
    },
    sopChecklists: screen('/checklists/:id', 'ChecklistEditPage'),
    sopGenerate: screen('/generate-checklist/:id', 'GenerateChecklistPage'),
    sopArchive: screen('/archive/:id?', 'SopArchivePage'),
    sopUpload: screen('/upload', 'SopUploadPage'),
    sopArchiveUpload: screen('/archive-upload/:id', 'SopFilesPage'),
    checklistView: {
      ...screen('/checklists/view/:id', 'ChecklistViewPage'),
      layout: 'checklist' as const,
    },
  } satisfies Record<string, Screen>;
}
