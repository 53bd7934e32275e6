import { CAlert, CButton } from '@coreui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { SopDocument } from '@contract/sop';
import { ConfirmModal } from '@/components/confirm-modal';
import { ListPage, listTexts } from '@/components/list-page';
import { useToastedAction } from '@/components/use-toasted-action';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import {
  useDeleteArchivedSopMutation,
  useListArchivedSopQuery,
  useUnarchiveSopMutation,
} from './sop-api';
import type { SopLinks } from './sop-links';
import { SopTabs } from './sop-list-page';
import { SopReferencesDialog, SopViewButtons } from './sop-view-actions';
import './sop-list.css';

/**
 * /sop-repository/archive/{id?} (SPEC §2, §4): archived SOPs — view them and their references,
 * unarchive (undo) or delete for good.
 *
 * With an id (a link to one archived document, e.g. shared by a colleague or bookmarked), an
 * administrator expects that document and nothing else: why and when it was archived and its
 * actions, without searching a long archive. So the list is narrowed to it (`document_id`, which
 * the server checks against the person's departments) and a notice says so, with a link back to
 * the whole archive. A document that is not archived (any more) or not visible shows the list's
 * empty text under that notice, which names the id.
 */
export function SopArchivePage({ links }: { links: SopLinks }) {
  const { t, i18n } = useTranslation('sop');
  const can = useCan();
  const run = useToastedAction();
  const routeId = useParams().id;
  const only = routeId && /^\d+$/.test(routeId) ? Number(routeId) : undefined;
  const [params, setParams] = useListParams([]);
  const list = useListArchivedSopQuery({
    page: params.page,
    size: params.size,
    name: params.search || undefined,
    document_id: only,
  });
  const [unarchive] = useUnarchiveSopMutation();
  const [remove] = useDeleteArchivedSopMutation();
  const [deleting, setDeleting] = useState<SopDocument | null>(null);
  const [referencesOf, setReferencesOf] = useState<SopDocument | null>(null);
  const mayDelete = can.right('Sop', 'DELETE');
  return (
    <>
      <ListPage<SopDocument, never>
        title={t('archiveListTitle')}
        above={
          <>
            <SopTabs links={links} active="archive" />
            {only !== undefined && (
              <CAlert color="info" className="d-flex flex-wrap gap-2 align-items-center">
                <span>{t('archiveOnly', { id: only })}</span>
                <Link to={links.archive}>{t('archiveShowAll')}</Link>
              </CAlert>
            )}
          </>
        }
        columns={[
          {
            key: 'name',
            header: t('fields.name'),
            rowHeader: true,
            // The archived SOP's own address (archive/{id}), to bookmark or send to a colleague.
            cell: (d) =>
              d.id === only ? (
                d.name
              ) : (
                <Link to={links.archived(d.id)} title={t('archivedLinkTitle')}>
                  {d.name}
                </Link>
              ),
          },
          { key: 'client', header: t('fields.client'), cell: (d) => d.client_name },
          { key: 'comment', header: t('archiveComment'), cell: (d) => d.archive_comment },
          {
            key: 'by',
            header: t('archivedBy'),
            cell: (d) =>
              [
                d.archived_by,
                d.archived_at && formatDateTime(d.archived_at, { locale: i18n.language }),
              ]
                .filter(Boolean)
                .join(' · '),
          },
        ]}
        query={list}
        rowKey={(d) => d.id}
        rowProps={(d) => ({
          'data-testid': 'archived-row',
          'data-id': d.id,
          ...(d.id === only ? { 'aria-current': 'true', className: 'table-active' } : {}),
        })}
        rowActions={{
          label: t('actions'),
          render: (d) => (
            <div className="sop-row-actions">
              <SopViewButtons doc={d} onReferences={setReferencesOf} />
              {mayDelete && (
                <CButton
                  size="sm"
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
              )}
              {mayDelete && (
                <CButton size="sm" color="danger" variant="ghost" onClick={() => setDeleting(d)}>
                  {t('deleteForGood')}
                </CButton>
              )}
            </div>
          ),
        }}
        params={params}
        setParams={setParams}
        {...listTexts(t)}
        searchLabel={t('searchName')}
      />
      <SopReferencesDialog doc={referencesOf} onClose={() => setReferencesOf(null)} />
      <ConfirmModal
        visible={deleting !== null}
        title={t('deleteForGood')}
        message={t('confirmDeleteForGood', { name: deleting?.name ?? '' })}
        confirmLabel={t('deleteForGood')}
        confirmColor="danger"
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
