/** The rows GET /download/{id} reads: the document and, for a sitemap, its pages. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function createDownloadRepo(db: Kysely<DB>) {
  return {
    find(id: number) {
      return db
        .selectFrom('documents')
        .select([
          'id',
          'name',
          'is_url',
          'url',
          'type',
          'storage_path',
          'department_id',
          'status',
          'error',
          'soft_delete',
          'advanced_training',
          'updated_at',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Pages listed by a sitemap that are still shown (not soft-deleted). */
    pagesOf(sitemapId: number) {
      return db
        .selectFrom('documents')
        .select(['name', 'status'])
        .where('parent_id', '=', sitemapId)
        .where('soft_delete', '=', 0)
        .orderBy('id')
        .limit(5000)
        .execute();
    },
  };
}

export type DownloadRepo = ReturnType<typeof createDownloadRepo>;
export type DownloadDocument = NonNullable<Awaited<ReturnType<DownloadRepo['find']>>>;
