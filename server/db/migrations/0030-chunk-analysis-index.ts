/**
 * The passages analysed by an older text analysis are found at every start (migrate.ts) by an
 * index on `analysis`, so a start with nothing to analyse again reads no chunk.
 */
import { type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function chunkAnalysisIndex(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.createIndex('chunks_analysis').on('chunks').column('analysis').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('chunks_analysis').execute();
    },
  };
}
