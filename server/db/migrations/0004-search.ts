/**
 * Search: document chunks and their full-text index. SQLite: an external-content FTS5
 * table over `chunks`, kept in step by triggers (also on the cascade from documents), porter
 * stemming over unicode61 without diacritics, ranked with bm25. PostgreSQL: a tsvector column
 * with a GIN index, 'english' configuration (the same stemming family as porter), diacritics
 * removed by the application before to_tsvector, ranked with ts_rank_cd.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function search(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      let table = withId(db.schema.createTable('chunks'), dialect)
        .addColumn('document_id', 'integer', (c) =>
          c.notNull().references('documents.id').onDelete('cascade'),
        )
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        // Heading or sheet name, indexed with a lower weight than the text.
        .addColumn('context', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('page', 'integer')
        .addColumn('sheet', 'text')
        .addColumn('row_start', 'integer')
        .addColumn('row_end', 'integer')
        .addColumn('heading', 'text')
        .addUniqueConstraint('chunks_document_ordinal', ['document_id', 'ordinal']);
      if (dialect === 'postgres') table = table.addColumn('tsv', sql`tsvector`, (c) => c.notNull());
      await table.execute();

      if (dialect === 'postgres') {
        await sql`create index chunks_tsv on chunks using gin (tsv)`.execute(db);
        return;
      }
      await sql`create virtual table chunks_fts using fts5(
        text, context,
        content = 'chunks', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(db);
      await sql`create trigger chunks_fts_insert after insert on chunks begin
        insert into chunks_fts (rowid, text, context) values (new.id, new.text, new.context);
      end`.execute(db);
      await sql`create trigger chunks_fts_delete after delete on chunks begin
        insert into chunks_fts (chunks_fts, rowid, text, context)
          values ('delete', old.id, old.text, old.context);
      end`.execute(db);
      await sql`create trigger chunks_fts_update after update on chunks begin
        insert into chunks_fts (chunks_fts, rowid, text, context)
          values ('delete', old.id, old.text, old.context);
        insert into chunks_fts (rowid, text, context) values (new.id, new.text, new.context);
      end`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect === 'sqlite') await sql`drop table if exists chunks_fts`.execute(db);
      await db.schema.dropTable('chunks').ifExists().execute();
    },
  };
}
