/**
 * Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) copy beside every text
 * asset in the output — JS, CSS, HTML, JSON (translations included), SVG — so the server sends
 * them compressed at once without compressing per request (@fastify/static `preCompressed`).
 * node:zlib only; files under 1 KB are left alone (compression would not pay for its header).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|json|svg|txt|webmanifest|xml)$/i;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atrium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Also called when the build failed: then there is nothing to compress, and the build's own
    // error must be the one reported (a missing output directory hid it).
    closeBundle(error?: Error) {
      if (error || !existsSync(outDir)) return;
      for (const file of filesUnder(outDir)) {
        if (!TEXT.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
