/**
 * Tables kept from spreadsheets and csv files (document_tables, filled by ingestion), limited to
 * ready, not soft-deleted documents of the given departments.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { inScope } from '../../db/scope';
import type { Cell } from './columns';
import type { TableCandidate } from './planner';

const TABLE_DOCUMENT_TYPES = ['csv', 'xlsx', 'xls'] as const;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function createVisualsRepo(db: Kysely<DB>) {
  return {
    async tablesIn(departments: 'all' | readonly number[]): Promise<TableCandidate[]> {
      const rows = await db
        .selectFrom('document_tables as t')
        .innerJoin('documents as d', 'd.id', 't.document_id')
        .select([
          't.id',
          't.document_id',
          't.ordinal',
          't.name',
          't.columns',
          'd.name as document_name',
        ])
        .where('d.status', '=', 'ready')
        .where('d.soft_delete', '=', 0)
        .where('d.type', 'in', [...TABLE_DOCUMENT_TYPES])
        .where(inScope('d.department_id', departments))
        .orderBy('d.id', 'desc')
        .orderBy('t.ordinal')
        .execute();
      return rows.map((r) => ({
        tableId: r.id,
        documentId: r.document_id,
        documentName: r.document_name,
        sheet: r.name,
        ordinal: r.ordinal,
        columns: parseJson<unknown[]>(r.columns, []).map((c) => String(c ?? '')),
      }));
    },

    async rowsOf(tableId: number): Promise<Cell[][]> {
      const row = await db
        .selectFrom('document_tables')
        .select('rows')
        .where('id', '=', tableId)
        .executeTakeFirst();
      const rows = row ? parseJson<unknown>(row.rows, []) : [];
      return Array.isArray(rows) ? (rows.filter(Array.isArray) as Cell[][]) : [];
    },
  };
}

export type VisualsRepo = ReturnType<typeof createVisualsRepo>;
