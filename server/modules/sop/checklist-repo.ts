/** SQL of checklists: the list with its filters, one checklist, its versions. */
import { sql, type Kysely } from 'kysely';
import type { DepartmentScope } from '../../../contract/access';
import type { ChecklistsQuery } from '../../../contract/sop';
import type { DB } from '../../db/schema';
import { inScope } from '../../db/scope';

const SUMMARY = [
  'k.id',
  'k.name',
  'k.sop_document_id',
  'k.sop_file_version',
  'k.sop_name',
  'k.client_name',
  'k.department_id',
  'k.from_location',
  'k.to_location',
  'k.shipment_mode',
  'k.start_date',
  'k.end_date',
  'k.status',
  'k.engine',
  'k.item_count',
  'k.done_count',
  'k.version',
  'k.created_by',
  'k.updated_at',
] as const;

export function createChecklistRepo(db: Kysely<DB>) {
  return {
    db,
    async list(scope: DepartmentScope, q: ChecklistsQuery) {
      let query = db.selectFrom('sop_checklists as k').where(inScope('k.department_id', scope));
      if (q.name) query = query.where(sql`lower(k.name)`, 'like', `%${q.name.toLowerCase()}%`);
      if (q.from_location) query = query.where('k.from_location', '=', q.from_location);
      if (q.to_location) query = query.where('k.to_location', '=', q.to_location);
      if (q.shipment_mode) query = query.where('k.shipment_mode', '=', q.shipment_mode);
      if (q.sop_doc_id) query = query.where('k.sop_document_id', '=', q.sop_doc_id);
      if (q.checklist_id) query = query.where('k.id', '=', q.checklist_id);
      if (q.status) query = query.where('k.status', '=', q.status);
      if (q.start_date) query = query.where('k.end_date', '>=', q.start_date);
      if (q.end_date) query = query.where('k.start_date', '<=', q.end_date);
      const [{ n }, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        query
          .select(SUMMARY)
          .orderBy('k.id', 'desc')
          .limit(q.size)
          .offset((q.page - 1) * q.size)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    find(id: number) {
      return db
        .selectFrom('sop_checklists as k')
        .innerJoin('sop_checklist_data as d', 'd.checklist_id', 'k.id')
        .selectAll('k')
        .select('d.data_json')
        .where('k.id', '=', id)
        .executeTakeFirst();
    },

    versions(id: number) {
      return db
        .selectFrom('sop_checklist_versions')
        .selectAll()
        .where('checklist_id', '=', id)
        .orderBy('version', 'desc')
        .execute();
    },
  };
}

export type ChecklistRepo = ReturnType<typeof createChecklistRepo>;
