/**
 * Checks the Markdown a reader follows: README.md, SECURITY.md and docs/**. Every relative link
 * must lead to a file of the repository (and its `#anchor` to a heading there). In README.md and
 * docs/ no table line may be longer than 200 characters: Prettier pads a table's every line to
 * its widest cell, so one long cell makes a table nobody can read in a terminal. (SECURITY.md is
 * checked for its links only.)
 *
 *   npx tsx scripts/docs-check.ts   prints each problem; exit 1 when there is one
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MAX_TABLE_LINE = 200;

/** README.md, SECURITY.md and every Markdown file under docs/, as paths from the root. */
export function documentationFiles(root = ROOT): string[] {
  const files = ['README.md', 'SECURITY.md'].filter((f) => existsSync(join(root, f)));
  const walk = (dir: string) => {
    if (!existsSync(join(root, dir))) return;
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) files.push(path);
    }
  };
  walk('docs');
  return files;
}

/** The text outside fenced code blocks, line by line (code lines are blanked, numbers kept). */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const mark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (mark && (fence === undefined || fence === mark)) {
      fence = fence === undefined ? mark : undefined;
      return '';
    }
    return fence === undefined ? line : '';
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .toLowerCase()
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Inline links `[text](target)` outside code, as [line number, target]. */
function links(text: string): [number, string][] {
  const found: [number, string][] = [];
  proseLines(text).forEach((line, i) => {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      found.push([i + 1, m[1]]);
    }
  });
  return found;
}

export function documentationProblems(root = ROOT): string[] {
  const problems: string[] = [];
  for (const file of documentationFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    text.split('\n').forEach((line, i) => {
      if (file === 'SECURITY.md') return;
      if (/^\s*\|/.test(line) && line.length > MAX_TABLE_LINE) {
        problems.push(
          `${file}:${i + 1}: a table line of ${line.length} characters (at most ${MAX_TABLE_LINE})`,
        );
      }
    });
    for (const [line, target] of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
      const [path, anchor] = target.split('#', 2);
      const resolved = path
        ? resolve(root, dirname(file), decodeURIComponent(path))
        : join(root, file);
      const where = `${file}:${line}: ${target}`;
      if (relative(root, resolved).startsWith('..')) {
        problems.push(`${where} leads out of the repository`);
      } else if (!existsSync(resolved)) {
        problems.push(`${where} leads to no file`);
      } else if (anchor && resolved.endsWith('.md')) {
        if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) {
          problems.push(`${where}: no heading #${anchor} there`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = documentationProblems();
  for (const p of problems) console.error(p);
  console.log(
    problems.length ? `${problems.length} problems` : 'documentation: links and tables fine',
  );
  process.exit(problems.length ? 1 : 0);
}
