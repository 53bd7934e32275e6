/**
 * Vite plugin: tells the page which code chunks its first screen needs, so the browser fetches
 * them together with the entry instead of after it (the entry, then the lazy page, was a
 * waterfall). The list goes into index.html as a data attribute of public/preload-locales.js,
 * which adds `<link rel="modulepreload">` for the current path. No inline script (CSP).
 */
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The first screens people land on, by path, and the modules they need beyond the entry. */
export const FIRST_SCREENS: Record<string, string[]> = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/signup': ['src/features/auth/signup-page.tsx'],
  '/dashboard': [
    'src/app/store.ts',
    // Asked for by the root once the session has loaded: one round trip later without this.
    'src/app/store-shell.tsx',
    'src/app/layouts/default-layout.tsx',
    'src/features/dashboard/dashboard-page.tsx',
    'src/app/routes/dashboard-areas.ts',
  ],
};

function chunksOf(bundle: OutputBundle, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const wanted = new Set<string>();
  const add = (chunk: OutputChunk | undefined) => {
    if (!chunk || chunk.isEntry || wanted.has(chunk.fileName)) return;
    wanted.add(chunk.fileName);
    chunk.imports.forEach((f) => add(byFile.get(f)));
  };
  // The chunk that holds the module: its own, or a group chunk of vite.config.ts's codeSplitting.
  const holding = (module: string) =>
    chunks.find((c) => c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(module)));
  for (const module of modules) add(holding(module));
  return [...wanted].map((f) => `/${f}`);
}

export function firstScreens(): Plugin {
  return {
    name: 'atrium-first-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        const routes = Object.fromEntries(
          Object.entries(FIRST_SCREENS).map(([path, modules]) => [path, chunksOf(bundle, modules)]),
        );
        const attribute = JSON.stringify(routes).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
        return html.replace(
          '<script defer src="/preload-locales.js"></script>',
          `<script defer src="/preload-locales.js" data-first-screens='${attribute}'></script>`,
        );
      },
    },
  };
}
