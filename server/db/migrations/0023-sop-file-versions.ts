/**
 * SOP files a checklist depends on:
 * - `sop_checklists.sop_file_version`: the version of the SOP file the checklist was generated
 *   from, so its page links open that file after the SOP's file is replaced. Checklists made
 *   before this migration get the version that was current when they were created.
 * - `sop_files.llm_fallback`: why the model's requirements for this file were refused (its answer
 *   failed, broke the schema or cited nothing); the built-in extractor's then stand for the file
 *   for good, so the same SOP and inputs keep giving the same checklist. Null: not decided yet,
 *   or the model's requirements are in `llm_requirements_json`.
 */
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function sopFileVersions(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('sop_checklists')
        .addColumn('sop_file_version', 'integer')
        .execute();
      await db.schema.alterTable('sop_files').addColumn('llm_fallback', 'text').execute();
      await sql`
        update sop_checklists set sop_file_version = (
          select f.version from sop_files f
          where f.document_id = sop_checklists.sop_document_id and f.kind = 'sop'
            and f.uploaded_at <= sop_checklists.created_at
            and (f.replaced_at is null or f.replaced_at > sop_checklists.created_at)
          order by f.version desc limit 1)
        where sop_document_id is not null`.execute(db);
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('sop_files').dropColumn('llm_fallback').execute();
      await db.schema.alterTable('sop_checklists').dropColumn('sop_file_version').execute();
    },
  };
}
