/**
 * Checklists (SPEC §3 checklist filters and save, §7 /sop/checklists): generated from
 * an SOP for one shipment, listed with every filter, edited and saved as versions (who changed
 * what, when), and deleted. The status follows from the items. With a model configured its
 * requirements (checked against the SOP, kept once per SOP file) are used; without one, or when
 * it fails, the built-in extractor's. Either way the same SOP and inputs give the same checklist.
 */
import { departmentScope, inScope } from '../../../contract/access';
import type { ActionName } from '../../../contract/permissions';
import type { Paged } from '../../../contract/paging';
import {
  checklistStatus,
  type Checklist,
  type ChecklistData,
  type ChecklistItem,
  type ChecklistsQuery,
  type ChecklistSummary,
  type ChecklistVersion,
  type ExcludedItem,
  type GenerateChecklist,
} from '../../../contract/sop';
import { nowIso } from '../../db/database';
import type { SopChecklistRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { selectFor } from '../../services/checklist/applicability';
import { llmRequirements, type ChecklistModel } from '../../services/checklist/llm-requirements';
import { passagesOf } from '../../services/checklist/passages';
import type { Requirement, SopSection } from '../../services/checklist/types';
import { type Actor, actorNames } from '../identity/public';
import { applyEdits } from './checklist-edits';
import type { ChecklistRepo } from './checklist-repo';
import type { SopRepo } from './repo';
import { assertRight, notFound } from './shape';

type SummaryRow = Omit<SopChecklistRow, 'data_json' | 'created_at'>;
interface ChecklistBody {
  items: ChecklistItem[];
  excluded: ExcludedItem[];
}

function toSummary(row: SummaryRow, names: Map<number, string>): ChecklistSummary {
  return {
    id: row.id,
    name: row.name,
    sop_doc_id: row.sop_document_id,
    sop_version: row.sop_file_version,
    sop_name: row.sop_name,
    client_name: row.client_name,
    department_id: row.department_id,
    from_location: row.from_location,
    to_location: row.to_location,
    shipment_mode: row.shipment_mode as ChecklistSummary['shipment_mode'],
    start_date: row.start_date,
    end_date: row.end_date,
    status: row.status as ChecklistSummary['status'],
    item_count: row.item_count,
    done_count: row.done_count,
    version: row.version,
    engine: row.engine === 'llm' ? 'llm' : 'builtin',
    created_by: row.created_by === null ? '' : (names.get(row.created_by) ?? ''),
    updated_at: row.updated_at,
  };
}

const countsOf = (items: readonly ChecklistItem[]) => ({
  status: checklistStatus(items),
  item_count: items.length,
  done_count: items.filter((i) => i.done || i.not_applicable).length,
});

export function createChecklists(repo: ChecklistRepo, sops: SopRepo, llm: ChecklistModel | null) {
  const { db } = repo;

  async function visible(actor: Actor, id: number, action: ActionName): Promise<SopChecklistRow> {
    const row = await repo.find(id);
    if (!row) throw notFound('checklist');
    assertRight(actor, row.department_id, action);
    return row;
  }

  async function full(row: SopChecklistRow): Promise<Checklist> {
    const names = await actorNames(db, [row.created_by]);
    const body = JSON.parse(row.data_json) as ChecklistBody;
    return { ...toSummary(row, new Map(names)), ...body };
  }

  /**
   * The SOP's requirements: the model's or the built-in extractor's, decided once per SOP file
   * and kept — the model's answer, or that it was refused (then the built-in's stand for good,
   * even if a later answer would pass), so the same SOP and inputs keep giving the same checklist.
   */
  async function requirementsOf(file: NonNullable<Awaited<ReturnType<SopRepo['currentFile']>>>) {
    const builtin = JSON.parse(file.requirements_json ?? '[]') as Requirement[];
    if (!llm || file.llm_fallback !== null)
      return { engine: 'builtin' as const, requirements: builtin };
    if (file.llm_requirements_json)
      return {
        engine: 'llm' as const,
        requirements: JSON.parse(file.llm_requirements_json) as Requirement[],
      };
    const sections = JSON.parse(file.sections_json ?? '[]') as SopSection[];
    const answer = await llmRequirements(llm, passagesOf(sections, file.name));
    if (!answer.ok || answer.requirements.length === 0) {
      await sops.setLlmFallback(file.id, answer.ok ? 'the model cited no passage' : answer.reason);
      return { engine: 'builtin' as const, requirements: builtin };
    }
    await sops.setLlmRequirements(file.id, JSON.stringify(answer.requirements));
    return { engine: 'llm' as const, requirements: answer.requirements };
  }

  return {
    async generate(actor: Actor, input: GenerateChecklist): Promise<Checklist> {
      const sop = await sops.find(input.sop_doc_id);
      if (!sop) throw notFound();
      assertRight(actor, sop.department_id, 'ADD');
      if (sop.archived_at !== null)
        throw new AppError(
          409,
          'CONFLICT',
          'This SOP is archived; unarchive it to generate checklists from it.',
        );
      const file = await sops.currentFile(sop.id);
      if (!file) throw notFound();
      const { engine, requirements } = await requirementsOf(file);
      if (requirements.length === 0)
        throw new AppError(
          422,
          'VALIDATION_ERROR',
          `No requirements could be extracted from "${sop.name}": it states no duties or steps ("must", "shall", "ensure", "verify", numbered steps).`,
        );
      const { kept, excluded } = selectFor(requirements, input);
      const ids = new Map(requirements.map((r, i) => [r, `i${i + 1}`]));
      const items: ChecklistItem[] = kept.map((r) => ({
        id: ids.get(r)!,
        section: r.section,
        text: r.text,
        page: r.page,
        source: r.source,
        modes: r.modes,
        countries: r.countries,
        done: false,
        not_applicable: false,
        note: '',
        owner: '',
        due_date: null,
      }));
      const now = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('sop_checklists')
          .values({
            name: input.name,
            from_location: input.from_location,
            to_location: input.to_location,
            shipment_mode: input.shipment_mode,
            start_date: input.start_date,
            end_date: input.end_date,
            sop_document_id: sop.id,
            sop_file_version: file.version,
            sop_name: sop.name,
            client_name: sop.client_name,
            department_id: sop.department_id,
            engine,
            ...countsOf(items),
            version: 1,
            created_by: actor.id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const data_json = JSON.stringify({ items, excluded } satisfies ChecklistBody);
        await trx
          .insertInto('sop_checklist_data')
          .values({ checklist_id: id, data_json })
          .execute();
        await trx
          .insertInto('sop_checklist_versions')
          .values({
            checklist_id: id,
            version: 1,
            changes_json: '[]',
            changed_by: actor.name,
            changed_at: now,
          })
          .execute();
        return id;
      });
      return full((await repo.find(id))!);
    },

    async list(actor: Actor, query: ChecklistsQuery): Promise<Paged<ChecklistSummary>> {
      const { total, rows } = await repo.list(
        departmentScope(actor.subject, 'Sop', 'LIST_VIEW'),
        query,
      );
      const names = await actorNames(
        db,
        rows.map((r) => r.created_by),
      );
      return {
        items: rows.map((r) => toSummary(r, new Map(names))),
        total,
        page: query.page,
        size: query.size,
      };
    },

    async get(actor: Actor, id: number): Promise<Checklist> {
      return full(await visible(actor, id, 'LIST_VIEW'));
    },

    /** The checklist with unsaved edits applied (for an export of what is on screen). */
    async preview(actor: Actor, id: number, data: ChecklistData | undefined): Promise<Checklist> {
      const checklist = await full(await visible(actor, id, 'DOWNLOAD'));
      if (!data) return checklist;
      const { items } = applyEdits(checklist.items, data);
      return { ...checklist, ...countsOf(items), name: data.name ?? checklist.name, items };
    },

    /** POST /sop/save_checklist: a new version when anything changed. */
    async save(actor: Actor, id: number, data: ChecklistData): Promise<Checklist> {
      const row = await visible(actor, id, 'UPDATE');
      const body = JSON.parse(row.data_json) as ChecklistBody;
      const { items, changes } = applyEdits(body.items, data);
      if (data.name !== undefined && data.name !== row.name)
        changes.unshift({ item: '', field: 'name', old: row.name, new: data.name });
      if (changes.length === 0) return full(row);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const version = row.version + 1;
        const updated = await trx
          .updateTable('sop_checklists')
          .set({
            name: data.name ?? row.name,
            ...countsOf(items),
            version,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('version', '=', row.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1)
          throw new AppError(
            409,
            'CONFLICT',
            'Someone saved this checklist meanwhile; reload it and save again.',
          );
        await trx
          .updateTable('sop_checklist_data')
          .set({ data_json: JSON.stringify({ ...body, items }) })
          .where('checklist_id', '=', id)
          .execute();
        await trx
          .insertInto('sop_checklist_versions')
          .values({
            checklist_id: id,
            version,
            changes_json: JSON.stringify(changes),
            changed_by: actor.name,
            changed_at: now,
          })
          .execute();
      });
      return full((await repo.find(id))!);
    },

    async versions(actor: Actor, id: number): Promise<ChecklistVersion[]> {
      await visible(actor, id, 'LIST_VIEW');
      return (await repo.versions(id)).map((v) => ({
        version: v.version,
        changed_by: v.changed_by,
        changed_at: v.changed_at,
        changes: JSON.parse(v.changes_json) as ChecklistVersion['changes'],
      }));
    },

    /** GET /sop/checklists/references/{id}: the reference files of the checklist's SOP. */
    async references(actor: Actor, id: number) {
      const row = await visible(actor, id, 'LIST_VIEW');
      const sop = row.sop_document_id === null ? undefined : await sops.find(row.sop_document_id);
      return sop ? sop.files.filter((f) => f.kind === 'reference') : [];
    },

    async remove(actor: Actor, ids: number[]): Promise<{ message: string }> {
      const rows = await Promise.all(ids.map((id) => visible(actor, id, 'DELETE')));
      if (
        rows.some((r) => !inScope(departmentScope(actor.subject, 'Sop', 'DELETE'), r.department_id))
      )
        throw new AppError(403, 'FORBIDDEN', 'You may not delete these checklists.');
      await db.deleteFrom('sop_checklists').where('id', 'in', ids).execute();
      return { message: `${ids.length} checklist(s) deleted.` };
    },
  };
}

export type Checklists = ReturnType<typeof createChecklists>;
