/**
 * Writes the README's configuration table from `server/config.ts` (the env schema's defaults and
 * the descriptions kept beside it), so the README cannot list another set of variables or
 * defaults than the server reads. `server/config.test.ts` fails when the README's table is not
 * what this would write.
 *
 *   npx tsx scripts/config-docs.ts          rewrite the section between the markers
 *   npx tsx scripts/config-docs.ts --check  exit 1 when the README differs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { envReference } from '../server/config';

export const README = join(fileURLToPath(new URL('..', import.meta.url)), 'README.md');
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

async function main() {
  const readme = readFileSync(README, 'utf8');
  const next = await writtenReadme(readme);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error(
        'README.md: the configuration table differs; run npx tsx scripts/config-docs.ts',
      );
      process.exit(1);
    }
    console.log('README.md: the configuration table is up to date');
    return;
  }
  if (next !== readme) writeFileSync(README, next);
  console.log(next === readme ? 'README.md: unchanged' : 'README.md: configuration table written');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
