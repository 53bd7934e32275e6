import type { KnowledgeDocument } from '@contract/knowledge';
import type { DataColumn } from '@/components/data-table';
import { formatDateTime } from '@/lib/dates';
import type { Translate } from '@/lib/error-text';

/**
 * The recycle bin's own columns: when each document went to the bin (sortable, key `deleted`)
 * and who moved it. Documents binned before this was recorded say so instead of guessing.
 */
export function deletionColumns(t: Translate, language: string): DataColumn<KnowledgeDocument>[] {
  const notRecorded = t('repository.notRecorded');
  return [
    {
      key: 'deleted',
      header: t('fields.deletedAt'),
      className: 'small text-nowrap',
      cell: (d) =>
        d.deleted_at ? (
          formatDateTime(d.deleted_at, { locale: language })
        ) : (
          <span title={notRecorded}>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{notRecorded}</span>
          </span>
        ),
    },
    {
      key: 'deletedBy',
      header: t('fields.deletedBy'),
      className: 'small',
      cell: (d) => d.deleted_by?.name ?? <span className="text-body-secondary">{notRecorded}</span>,
    },
  ];
}
