/**
 * A document's own title: a web page's <title>, a pdf's metadata title, written by
 * its ingestion job. Answers show it beside the address of a web page they quote.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function documentTitles(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('documents').addColumn('title', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('documents').dropColumn('title').execute();
    },
  };
}
