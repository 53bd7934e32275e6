import { CButton, CButtonGroup } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { SopDocument } from '@contract/sop';
import { ConfirmModal } from '@/components/confirm-modal';
import { ListPage, listTexts } from '@/components/list-page';
import { useToastedAction } from '@/components/use-toasted-action';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { useState } from 'react';
import {
  useDeleteArchivedSopMutation,
  useListArchivedSopQuery,
  useUnarchiveSopMutation,
} from './sop-api';
import type { SopLinks } from './sop-links';
import { SopTabs } from './sop-list-page';

/** /sop-repository/archive (SPEC §4): archived SOPs — unarchive (undo) or delete for good. */
export function SopArchivePage({ links }: { links: SopLinks }) {
  const { t } = useTranslation('sop');
  const can = useCan();
  const run = useToastedAction();
  const [params, setParams] = useListParams([]);
  const list = useListArchivedSopQuery({
    page: params.page,
    size: params.size,
    name: params.search || undefined,
  });
  const [unarchive] = useUnarchiveSopMutation();
  const [remove] = useDeleteArchivedSopMutation();
  const [deleting, setDeleting] = useState<SopDocument | null>(null);
  return (
    <>
      <ListPage<SopDocument, never>
        title={t('archiveListTitle')}
        above={<SopTabs links={links} active="archive" />}
        columns={[
          { key: 'name', header: t('fields.name'), cell: (d) => d.name, rowHeader: true },
          { key: 'client', header: t('fields.client'), cell: (d) => d.client_name },
          { key: 'comment', header: t('archiveComment'), cell: (d) => d.archive_comment },
          {
            key: 'by',
            header: t('archivedBy'),
            cell: (d) =>
              `${d.archived_by ?? ''} ${d.archived_at ? new Date(d.archived_at).toLocaleDateString() : ''}`,
          },
        ]}
        query={list}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ 'data-testid': 'archived-row', 'data-id': d.id })}
        rowActions={
          can.right('Sop', 'DELETE')
            ? {
                label: t('actions'),
                render: (d) => (
                  <CButtonGroup size="sm">
                    <CButton
                      color="secondary"
                      variant="ghost"
                      onClick={() =>
                        void run(
                          () => unarchive(d.id).unwrap(),
                          () => t('unarchived', { name: d.name }),
                        )
                      }
                    >
                      {t('unarchive')}
                    </CButton>
                    <CButton color="danger" variant="ghost" onClick={() => setDeleting(d)}>
                      {t('deleteForGood')}
                    </CButton>
                  </CButtonGroup>
                ),
              }
            : undefined
        }
        params={params}
        setParams={setParams}
        {...listTexts(t)}
        searchLabel={t('searchName')}
      />
      <ConfirmModal
        visible={deleting !== null}
        title={t('deleteForGood')}
        message={t('confirmDeleteForGood', { name: deleting?.name ?? '' })}
        confirmLabel={t('deleteForGood')}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          void run(
            () => remove([deleting!.id]).unwrap(),
            () => t('deletedForGood', { name: deleting!.name }),
          ).then(() => setDeleting(null))
        }
      />
    </>
  );
}
