import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS, holds } from './vite-chunks';
import { FIRST_SCREENS } from './vite-first-screens';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const kind = (path: string) =>
  existsSync(`${ROOT}/${path}`)
    ? statSync(`${ROOT}/${path}`).isDirectory()
      ? 'folder'
      : 'file'
    : 'missing';

describe('the build chunks', () => {
  it.each(CHUNK_GROUPS.map((g) => [g.name, g.modules] as const))(
    'when the %s chunk lists its modules, then every listed file and folder exists under that name',
    (_name, modules) => {
      for (const path of modules)
        expect(kind(path), path).toBe(path.endsWith('/') ? 'folder' : 'file');
    },
  );

  it('when a first screen names the modules to preload, then every one exists', () => {
    for (const path of Object.values(FIRST_SCREENS).flat()) expect(kind(path), path).toBe('file');
  });

  it('when a module id comes with a query or backslashes, then it still matches its listed path', () => {
    const ui = holds(['src/lib/error-text.ts', 'node_modules/immer/'], ROOT);
    expect(ui(`${ROOT}/src/lib/error-text.ts?used`)).toBe(true);
    expect(ui(`\0${ROOT}/node_modules/immer/dist/immer.mjs`)).toBe(true);
    expect(ui(`${ROOT}/src/lib/error-text.test.ts`)).toBe(false);
    expect(ui(`${ROOT}/node_modules/immer-like/index.js`)).toBe(false);
  });
});
