/**
 * Where bench:quality's documents come from: files that Debian packages install.
 *
 * A file is read from where its package installs it; when it is not there (the package is
 * missing, or the image drops /usr/share/doc), the package is fetched with `apt-get download`
 * and unpacked with `dpkg-deb -x` into the cache: no root needed, the system is not changed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** A Debian package's file: where it is installed, and the package that installs it. */
export interface Shipped {
  pkg: string;
  path: string;
}

/** An uploaded file of the corpus: its name in the console and where the bytes are. */
export interface CorpusFile {
  name: string;
  file: string;
}

/** A directory of HTML pages served on loopback and uploaded through its sitemap. */
export interface CorpusSite {
  /** The path the site is served under ('' for the origin's root); page names start with it. */
  prefix: string;
  root: string;
  /** The pages listed in the sitemap, file names in `root`; all .html files when absent. */
  pages?: string[];
}

/** The installed file, or the same path inside the package unpacked into the cache. */
export function obtain(cache: string, source: Shipped): string {
  if (existsSync(source.path)) return source.path;
  const unpacked = join(cache, 'debs', source.pkg);
  if (!existsSync(join(unpacked, source.path))) {
    console.log(`  fetching Debian package ${source.pkg} (apt-get download)…`);
    const debs = join(cache, 'debs');
    mkdirSync(debs, { recursive: true });
    execFileSync('apt-get', ['download', '-q', source.pkg], { cwd: debs, stdio: 'inherit' });
    const deb = readdirSync(debs).find((f) => f.startsWith(`${source.pkg}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${source.pkg} left no .deb`);
    execFileSync('dpkg-deb', ['-x', join(debs, deb), unpacked]);
  }
  const found = join(unpacked, source.path);
  if (!existsSync(found)) throw new Error(`${source.pkg} does not ship ${source.path}`);
  return found;
}

/** The shipped file's text or bytes, unpacked when Debian ships it gzipped. */
export function shippedBytes(cache: string, source: Shipped): Buffer {
  const raw = readFileSync(obtain(cache, source));
  return source.path.endsWith('.gz') ? gunzipSync(raw) : raw;
}

/** Places corpus files into `dir`, each made once and reused by later runs. */
export function placer(dir: string, files: CorpusFile[]) {
  mkdirSync(dir, { recursive: true });
  return async (name: string, make: (out: string) => void | Promise<void>) => {
    const out = join(dir, name);
    if (!existsSync(out)) await make(out);
    files.push({ name, file: out });
  };
}

/** Copies a shipped file (gunzipped) into the corpus under `name`. */
export const copyShipped = (cache: string, source: Shipped) => (out: string) =>
  writeFileSync(out, shippedBytes(cache, source));

/** The Debian Administrator's Handbook in a language ("ar-MA"), as its package installs it. */
export const handbook = (language: string): Shipped => ({
  pkg: 'debian-handbook',
  path: `/usr/share/doc/debian-handbook/html/${language}`,
});
