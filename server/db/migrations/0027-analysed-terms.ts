/**
 * Passages analysed per language: each chunk keeps its language and the terms of its text and
 * of its label (heading or sheet name) as services/search analyses them (Snowball stems, the
 * language's stop words, folding), with the analysis they come from; a document keeps the
 * language of its text. Both databases index exactly those terms:
 * - SQLite: the FTS5 table is made anew over `terms` and `label_terms`, split on spaces only
 *   (unicode61 keeps "_" and "." inside a term: "max_connections", "3.0"), without its own
 *   stemming or folding, which the analysis did;
 * - PostgreSQL: the tsvector is built from the terms as they are (array_to_tsvector).
 * The chunks stored before are analysed here, in this migration.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { reanalyseStoredChunks } from '../../services/search/chunk-terms';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

async function createSqliteIndex(db: AnyDb) {
  await sql`create virtual table chunks_fts using fts5(
    terms, label_terms,
    content = 'chunks', content_rowid = 'id',
    tokenize = "unicode61 remove_diacritics 0 tokenchars '_.'"
  )`.execute(db);
  await sql`create trigger chunks_fts_insert after insert on chunks begin
    insert into chunks_fts (rowid, terms, label_terms) values (new.id, new.terms, new.label_terms);
  end`.execute(db);
  await sql`create trigger chunks_fts_delete after delete on chunks begin
    insert into chunks_fts (chunks_fts, rowid, terms, label_terms)
      values ('delete', old.id, old.terms, old.label_terms);
  end`.execute(db);
  // An external-content table is told what to delete by the triggers, with the values it was
  // given: it must first hold what the rows hold now, or the first update corrupts it.
  await sql`insert into chunks_fts (chunks_fts) values ('rebuild')`.execute(db);
  await sql`create trigger chunks_fts_update after update of terms, label_terms on chunks begin
    insert into chunks_fts (chunks_fts, rowid, terms, label_terms)
      values ('delete', old.id, old.terms, old.label_terms);
    insert into chunks_fts (rowid, terms, label_terms) values (new.id, new.terms, new.label_terms);
  end`.execute(db);
}

export function analysedTerms(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('chunks')
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('und'))
        .execute();
      await db.schema
        .alterTable('chunks')
        .addColumn('terms', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('chunks')
        .addColumn('label_terms', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('chunks')
        .addColumn('term_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('chunks')
        .addColumn('analysis', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('documents').addColumn('language', 'text').execute();
      if (dialect === 'sqlite') {
        for (const trigger of ['chunks_fts_insert', 'chunks_fts_delete', 'chunks_fts_update'])
          await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
        await sql`drop table if exists chunks_fts`.execute(db);
        await createSqliteIndex(db);
      }
      await reanalyseStoredChunks(db, dialect);
    },
    async down(db: AnyDb) {
      if (dialect === 'sqlite') {
        for (const trigger of ['chunks_fts_insert', 'chunks_fts_delete', 'chunks_fts_update'])
          await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
        await sql`drop table if exists chunks_fts`.execute(db);
      }
      for (const column of ['language', 'terms', 'label_terms', 'term_count', 'analysis'])
        await db.schema.alterTable('chunks').dropColumn(column).execute();
      await db.schema.alterTable('documents').dropColumn('language').execute();
    },
  };
}
