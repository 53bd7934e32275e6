/**
 * Documents that failed before the server kept codes (migration 0038 and older) keep their
 * English reason; 0039 gives the sentences it knows their code, so the console says them in its
 * reader's language, and leaves any other as it was (shown as written).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../test-support/fresh-postgres';
import { testDatabases } from '../../test-support/test-app';
import { createDatabase, nowIso, type DialectName } from '../database';
import { allMigrations } from './index';

const BEFORE = '0038-server-text-codes';

async function freshDatabase(dialect: DialectName) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-upgrade-'));
  if (dialect === 'sqlite')
    return {
      database: createDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'codes');
  return {
    database: createDatabase({ dataDir, databaseUrl: fresh.url }),
    drop: async () => {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const OLD_ROWS: { name: string; type: string; error: string | null; summary?: string }[] = [
  { name: 'blank.csv', type: 'csv', error: 'No text was found in the file.' },
  {
    name: 'slow.pdf',
    type: 'pdf',
    error: 'Extraction took longer than 120 s and was stopped.',
  },
  {
    name: 'long.pdf',
    type: 'pdf',
    error: 'The PDF has 900 pages; at most 500 pages are read per document.',
  },
  {
    name: 'crashy.xlsx',
    type: 'xlsx',
    error:
      'Ingestion was interrupted 3 times without finishing (the server stopped while reading this file).',
  },
  { name: 'odd.docx', type: 'docx', error: 'Something nobody foresaw happened.' },
  {
    name: 'https://example.org/sitemap.xml',
    type: 'sitemap',
    error: null,
    summary: 'Sitemap with 12 pages (2 nested sitemaps unreadable).',
  },
];

describe.each(testDatabases)('0039 knowledge text codes on %s', (dialect) => {
  it('when documents failed with English reasons before, then known ones get their code and the rest keep their words', async () => {
    const { database, drop } = await freshDatabase(dialect);
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => allMigrations(dialect) },
      });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const now = nowIso();
      await sql`insert into departments (id, name, created_at, updated_at) values (1, 'General', ${now}, ${now})`.execute(
        database.db,
      );
      for (const row of OLD_ROWS)
        await sql`insert into documents (name, type, department_id, status, error, summary,
          is_url, size_bytes, soft_delete, advanced_training, need_summary, chunk_count,
          created_at, updated_at) values (${row.name}, ${row.type}, 1,
          ${row.error ? 'failed' : 'ready'}, ${row.error}, ${row.summary ?? null},
          0, 0, 0, 0, 1, 0, ${now}, ${now})`.execute(database.db);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const rows = await database.db
        .selectFrom('documents')
        .select(['name', 'error', 'error_code', 'error_params', 'summary_code', 'summary_params'])
        .orderBy('id')
        .execute();
      const codes = rows.map((r) => ({
        name: r.name,
        error: r.error_code && { code: r.error_code, params: JSON.parse(r.error_params ?? '{}') },
        summary: r.summary_code && {
          code: r.summary_code,
          params: JSON.parse(r.summary_params ?? '{}'),
        },
      }));
      expect(codes).toEqual([
        { name: 'blank.csv', error: { code: 'nothing_found', params: {} }, summary: null },
        { name: 'slow.pdf', error: { code: 'timeout', params: { seconds: '120' } }, summary: null },
        {
          name: 'long.pdf',
          error: { code: 'pdf_pages_limit', params: { pages: '900', max: '500' } },
          summary: null,
        },
        {
          name: 'crashy.xlsx',
          error: { code: 'interrupted', params: { times: '3' } },
          summary: null,
        },
        { name: 'odd.docx', error: null, summary: null },
        {
          name: 'https://example.org/sitemap.xml',
          error: null,
          summary: {
            code: 'sitemap_pages_unreadable',
            params: { count: '12', unreadable: '2' },
          },
        },
      ]);
      // The English stays for API clients, the unknown one as the only text there is.
      expect(rows.map((r) => r.error)).toEqual(OLD_ROWS.map((r) => r.error));
    } finally {
      await database.close();
      await drop();
    }
  });
});
