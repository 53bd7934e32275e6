/**
 * Who moved a knowledge document to the recycle bin, and when.
 *
 * - `documents.deleted_at`: when it went to the bin; null while it is not in it.
 * - `documents.deleted_by`: the person who moved it (null once that person is deleted).
 *
 * Documents already in the bin keep both null: nobody recorded who or when, so the console says
 * so rather than guessing from `updated_at` (which an ingestion job also moves).
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function documentDeletions(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('documents').addColumn('deleted_at', 'text').execute();
      await db.schema
        .alterTable('documents')
        .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
    async down(db: AnyDb) {
      for (const column of ['deleted_by', 'deleted_at'])
        await db.schema.alterTable('documents').dropColumn(column).execute();
    },
  };
}
