/**
 * For whoever writes bench:quality's questions: `npx tsx scripts/quality/check-facts.ts` reads
 * every labelled source with the server's own extractor and prints each question whose fact its
 * source does not hold (as extracted, whitespace flattened), so a label cannot ask for words the
 * engine can never quote; for an HTML page it tells apart words the page has but the extractor
 * drops. It checks the labels and the extraction, not the answers: nothing is asked.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractDocument } from '../../server/services/ingest/extract';
import type { ExtractableKind } from '../../server/services/ingest/types';
import { buildCorpus } from './corpus';
import { MAILS, SETS } from './sets';
import { factsOf } from './types';

const CACHE = resolve(process.env.BENCH_CACHE ?? '.bench-cache/quality');
const flat = (text: string) => text.replace(/\s+/g, ' ');
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };
/** A page's words as a reader sees them, roughly: tags dropped, common entities decoded. */
const pageText = (html: string) =>
  flat(
    html
      .replace(/<(script|style)[^]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&(#\d+|\w+);/g, (m, e: string) =>
        e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (ENTITIES[e] ?? m),
      ),
  );

async function main() {
  const corpus = await buildCorpus(CACHE);
  const texts = new Map<string, string>();
  const pathOf = (source: string) => {
    let path = corpus.files.find((f) => f.name === source)?.file;
    if (!path) {
      const site = corpus.sites
        .filter((s) => !s.prefix || source.startsWith(`${s.prefix}/`))
        .sort((a, b) => b.prefix.length - a.prefix.length)[0];
      const page = site && join(site.root, source.slice(site.prefix ? site.prefix.length + 1 : 0));
      path = page && existsSync(page) ? page : undefined;
    }
    if (!path) throw new Error(`${source} is not in the corpus`);
    return path;
  };
  const textOf = async (source: string) => {
    const known = texts.get(source);
    if (known !== undefined) return known;
    const path = pathOf(source);
    const kind = path.slice(path.lastIndexOf('.') + 1) as ExtractableKind;
    // The text layer only, as ingestion first reads it; no label points into a scan.
    const result = await extractDocument(path, kind, { advancedTraining: false, ocr: 'later' });
    if (!result.ok) throw new Error(`${source}: ${result.reason}`);
    const sheets = result.doc.tables.map((t) =>
      [t.columns.join(' '), ...t.rows.map((r) => r.join(' '))].join('\n'),
    );
    const text = flat([...result.doc.sections.map((s) => s.text), ...sheets].join('\n'));
    texts.set(source, text);
    return text;
  };
  const labels = [
    ...SETS.flatMap((s) => s.answerable.map((q) => ({ half: s.half, ...q }))),
    ...MAILS.flatMap((m) =>
      m.mails.flatMap((mail) =>
        mail.asks.map((a) => ({ half: m.half, query: mail.subject, ...a })),
      ),
    ),
  ];
  let missing = 0;
  for (const label of labels) {
    const text = await textOf(label.source);
    if (factsOf(label).some((fact) => text.includes(fact))) continue;
    missing += 1;
    const page =
      label.source.endsWith('.html') && pageText(readFileSync(pathOf(label.source), 'utf8'));
    if (page && factsOf(label).some((fact) => page.includes(fact))) {
      console.log(
        `✗ [${label.half}] ${label.query}\n    ${label.source} shows it, the extractor drops it`,
      );
      continue;
    }
    console.log(
      `✗ [${label.half}] ${label.query}\n    ${label.source} holds none of: "${factsOf(label).join('" | "')}"`,
    );
  }
  console.log(`${labels.length - missing} of ${labels.length} facts found in their sources`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
