/**
 * A database from before passages were analysed per language (migration 0026 and older, the
 * index over raw text) is upgraded in place: its chunks are analysed by the migration and the
 * index answers from them at once, on SQLite (whose FTS5 table is made anew) and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createSearchIndex } from '../../services/search';
import { testDatabases } from '../../test-support/test-app';
import { createDatabase, nowIso, type Database, type DialectName } from '../database';
import { migrateToLatest } from '../migrate';
import { allMigrations } from './index';

const BEFORE = '0026-report-product-turns';

async function freshDatabase(dialect: DialectName) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-upgrade-'));
  if (dialect === 'sqlite')
    return {
      database: createDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  const base = process.env.TEST_DATABASE_URL as string;
  const schema = `atrium_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    database: createDatabase({ dataDir, databaseUrl: url.toString() }),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chunks as the index before 0027 wrote them: raw text, English stems on PostgreSQL. */
async function oldChunks({ db, dialect }: Database) {
  const now = nowIso();
  await sql`insert into departments (id, name, created_at, updated_at) values (1, 'General', ${now}, ${now})`.execute(
    db,
  );
  const { rows } = await sql<{ id: number }>`insert into documents (name, type, department_id,
    status, is_url, size_bytes, soft_delete, advanced_training, need_summary, chunk_count,
    created_at, updated_at) values ('manuel.pdf', 'pdf', 1, 'ready', 0, 0, 0, 0, 0, 2, ${now}, ${now})
    returning id`.execute(db);
  const texts = [
    'Le serveur de fichiers accepte au plus cent vingt connexions simultanées.',
    'Les sauvegardes complètes sont effectuées chaque dimanche à trois heures.',
  ];
  for (const [ordinal, text] of texts.entries())
    await (
      dialect === 'postgres'
        ? sql`insert into chunks (document_id, ordinal, text, context, tsv)
          values (${rows[0].id}, ${ordinal}, ${text}, '', to_tsvector('english', ${text}))`
        : sql`insert into chunks (document_id, ordinal, text, context)
          values (${rows[0].id}, ${ordinal}, ${text}, '')`
    ).execute(db);
}

describe.each(testDatabases)('upgrading the search index on %s', (dialect) => {
  it('when a database with chunks of raw text is migrated, then they are analysed and found by their stems', async () => {
    const { database, drop } = await freshDatabase(dialect);
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => allMigrations(dialect) },
      });
      const before = await migrator.migrateTo(BEFORE);
      expect(before.error).toBeUndefined();
      await oldChunks(database);
      await migrateToLatest(database);
      const chunks = await database.db.selectFrom('chunks').select(['language', 'terms']).execute();
      expect(chunks.map((c) => c.language)).toEqual(['fr', 'fr']);
      const hits = await createSearchIndex(database).search({
        text: 'Combien de connexion le serveur accepte-t-il ?',
        departmentIds: [1],
        limit: 5,
      });
      expect(hits[0]?.text).toContain('cent vingt connexions');
      if (dialect === 'sqlite')
        await sql`insert into chunks_fts (chunks_fts) values ('integrity-check')`.execute(
          database.db,
        );
    } finally {
      await database.close();
      await drop();
    }
  });
});
