/**
 * The shared chunks of the SPA's build, each an explicit list of the modules it holds: repository
 * paths, a path ending in '/' taking every module under that folder. Renaming or moving a listed
 * file fails `scripts/vite-chunks.test.ts` instead of quietly moving its code into another chunk
 * (regular expressions over file names did that). Whatever no group lists goes with the page that
 * imports it: lazy pages are their own chunks, so a new feature needs no entry here.
 *
 * Few, larger files for the first screens: on HTTP/1.1 each request costs a round trip and about
 * 1.3 KB of headers, and /login used to fetch 36 of them. A module listed by two groups goes to the
 * one of higher priority; a group also takes the dependencies that only it uses.
 */
import { relative, sep } from 'node:path';

export interface ChunkGroup {
  name: string;
  priority: number;
  modules: readonly string[];
}

const coreui = (path: string) => `node_modules/@coreui/react/dist/esm/components/${path}`;

export const CHUNK_GROUPS: readonly ChunkGroup[] = [
  // The CoreUI pieces and form helpers that the sign-in screens and most pages share (above the
  // store and the API: every group uses the API's paths). Only what the sign-in screens draw: the
  // other form controls and the alert, with its transition code, come with the pages using them.
  {
    name: 'ui-base',
    priority: 6,
    modules: [
      ...[
        'CForm',
        'CFormInput',
        'CFormLabel',
        'CFormText',
        'CFormFeedback',
        'CFormFloating',
        'CFormControlWrapper',
        'CFormControlValidation',
        'CFormSelect',
      ].map((c) => coreui(`form/${c}.js`)),
      coreui('button/'),
      coreui('spinner/'),
      coreui('card/'),
      'src/components/form-field.tsx',
      'src/components/field-shell.tsx',
      'src/components/form-parts.tsx',
      'src/lib/form-errors.ts',
      'src/lib/error-text.ts',
      'src/features/auth/auth-shell.tsx',
      'src/features/auth/auth-requests.ts',
      // sign-in calls two of the API's paths, and every other call needs them after that
      'contract/api-paths.ts',
    ],
  },
  // The store with Redux Toolkit's core, immer and react-redux: every screen but sign-in loads it
  // (src/app/store-holder.ts), so it is neither in the entry nor in the layout.
  {
    name: 'store',
    priority: 5,
    modules: [
      'node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs',
      'node_modules/immer/',
      'node_modules/redux/',
      'node_modules/react-redux/',
      'node_modules/reselect/',
      'node_modules/redux-thunk/',
      'node_modules/use-sync-external-store/',
      'src/app/store.ts',
      'src/app/ui-slice.ts',
      'src/lib/store-types.ts',
      'src/lib/slice-registry.ts',
      'src/lib/api-registry.ts',
      'src/lib/session/session-slice.ts',
      'src/lib/notify/notify-slice.ts',
    ],
  },
  // RTK Query and the auth endpoints: the sign-up screens need them without the layout.
  {
    name: 'api',
    priority: 3,
    modules: [
      'node_modules/@reduxjs/toolkit/dist/query/',
      'node_modules/@standard-schema/',
      'src/lib/api.ts',
      'src/features/auth/auth-api.ts',
    ],
  },
  // The signed-in layout (sidebar, header, menus, icons): every page inside it needs it. Not the
  // Email group's accounts, which come with the API cache after the first screen.
  {
    name: 'layout',
    priority: 1,
    modules: [
      'src/app/layouts/app-footer.tsx',
      'src/app/layouts/app-header.tsx',
      'src/app/layouts/app-sidebar.tsx',
      'src/app/layouts/checklist-layout.tsx',
      'src/app/layouts/default-layout.tsx',
      'src/app/layouts/email-nav-group.tsx',
      'src/app/layouts/helpdesk-nav-item.tsx',
      'src/app/layouts/nav-registry.ts',
      'src/app/layouts/layout.css',
      'node_modules/@coreui/icons/',
      'node_modules/@coreui/icons-react/',
      ...['sidebar', 'nav', 'header', 'footer', 'dropdown', 'focus-trap', 'backdrop', 'link'].map(
        (dir) => coreui(`${dir}/`),
      ),
      'node_modules/@popperjs/core/',
      'contract/menu.ts',
    ],
  },
];

/** A module id as a repository path: forward slashes, no query, no virtual-module prefix. */
export function repositoryPath(id: string, root: string): string {
  const file = id.replace(/^\0/, '').split('?')[0];
  return relative(root, file).split(sep).join('/');
}

/** Whether the module `id` belongs to a group listing `modules` (see CHUNK_GROUPS). */
export function holds(modules: readonly string[], root: string): (id: string) => boolean {
  const files = new Set(modules.filter((m) => !m.endsWith('/')));
  const folders = modules.filter((m) => m.endsWith('/'));
  return (id) => {
    const path = repositoryPath(id, root);
    return files.has(path) || folders.some((folder) => path.startsWith(folder));
  };
}
