/**
 * Writes the README's configuration table and `.env.example` from `server/config.ts` (the env
 * schema's defaults and the descriptions kept beside it), so neither can list another set of
 * variables or defaults than the server reads. `server/config.test.ts` fails when either is not
 * what this would write.
 *
 *   npx tsx scripts/config-docs.ts          rewrite the README's section and .env.example
 *   npx tsx scripts/config-docs.ts --check  exit 1 when either differs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { envReference } from '../server/config';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const README = join(ROOT, 'README.md');
export const ENV_EXAMPLE = join(ROOT, '.env.example');
export const BEGIN =
  '<!-- BEGIN configuration: generated from server/config.ts by scripts/config-docs.ts -->';
export const END = '<!-- END configuration -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The table as Prettier prints it, so `prettier --check` and this script agree. */
export async function configurationTable(): Promise<string> {
  const rows = envReference().map((v) => {
    const value = v.default === undefined ? v.unset : `\`${v.default}\``;
    return `| \`${v.name}\` | ${cell(value)} | ${cell(v.meaning)} |`;
  });
  const table = ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
  const options = (await resolveConfig(README)) ?? {};
  return (await format(table, { ...options, parser: 'markdown' })).trimEnd();
}

/** The README's text between the markers (without them), or undefined when a marker is missing. */
export function currentSection(readme: string): string | undefined {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + BEGIN.length, end).trim();
}

export async function writtenReadme(readme: string): Promise<string> {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${BEGIN} … ${END}`);
  const table = await configurationTable();
  return `${readme.slice(0, start + BEGIN.length)}\n\n${table}\n\n${readme.slice(end)}`;
}

/** Comment lines of at most 98 characters. */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length + 1 > 98) {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** `.env.example`: every variable with what it means, set to its default (empty when unset). */
export function envExample(): string {
  const head = [
    '# Atrium configuration, written from server/config.ts by scripts/config-docs.ts. Every',
    '# variable is optional; the value shown is the default, empty meaning "unset". The server',
    '# reads the process environment only (it does not load .env files itself): export these,',
    "# or point your process manager's env file at a copy of this one.",
  ];
  const blocks = envReference().map((v) =>
    [...commentLines(v.meaning), `${v.name}=${v.default ?? ''}`].join('\n'),
  );
  return `${head.join('\n')}\n\n${blocks.join('\n\n')}\n`;
}

async function main() {
  const readme = readFileSync(README, 'utf8');
  const next = await writtenReadme(readme);
  const env = readFileSync(ENV_EXAMPLE, 'utf8');
  const nextEnv = envExample();
  if (process.argv.includes('--check')) {
    if (next !== readme || nextEnv !== env) {
      console.error(
        'README.md or .env.example differ from server/config.ts; run npx tsx scripts/config-docs.ts',
      );
      process.exit(1);
    }
    console.log('README.md and .env.example are up to date');
    return;
  }
  if (next !== readme) writeFileSync(README, next);
  if (nextEnv !== env) writeFileSync(ENV_EXAMPLE, nextEnv);
  console.log('README.md and .env.example written');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
