import { useMemo, useState } from 'react';
import { CButton, CCard, CCardBody } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hasPermission } from '@contract/access';
import { DOCUMENTS_DEFAULT_SIZE } from '@contract/constants';
import type { KnowledgeDocument } from '@contract/knowledge';
import { ConfirmModal } from '@/components/confirm-modal';
import { PagedListBody } from '@/components/paged-list-body';
import { PageHeading } from '@/components/page-heading';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useListParams } from '@/lib/use-list-params';
import { DocumentsTable } from './documents-table';
import { downloadDocument } from './download-document';
import { canInDepartment } from './knowledge-access';
import {
  knowledgeApi,
  useDeleteDocumentsMutation,
  useListDocumentsQuery,
  useResyncDocumentMutation,
  useToggleSoftDeleteMutation,
} from './knowledge-api';
import { RepositoryFilters, RepositoryViews } from './repository-filters';
import { documentsArgs, kindOf, REPOSITORY_FILTERS, viewOf } from './repository-params';
import { useDepartmentChoices } from './use-department-choices';

/** How often the list is read again while a document is queued or processing. */
export const STATUS_POLL_MS = 2000;

const ingesting = (d: KnowledgeDocument) => d.status === 'queued' || d.status === 'processing';

/** /repository (SPEC §2, issue 5): the documents of the person's departments and the recycle bin. */
export function RepositoryPage({ uploadPath }: { uploadPath: string }) {
  const { t } = useTranslation(['knowledge', 'errors']);
  const dispatch = useLibDispatch();
  const subject = useSelector(selectAccessSubject);
  const [params, setParams] = useListParams(REPOSITORY_FILTERS, DOCUMENTS_DEFAULT_SIZE);
  const args = useMemo(() => documentsArgs(params), [params]);
  const view = viewOf(params);
  // Poll only while something is still being ingested, so statuses change on screen by themselves.
  const cached = knowledgeApi.endpoints.listDocuments.useQueryState(args);
  const live = cached.data?.items.some(ingesting) ?? false;
  const list = useListDocumentsQuery(args, { pollingInterval: live ? STATUS_POLL_MS : 0 });
  const departments = useDepartmentChoices('LIST_VIEW');
  const [toggle, toggling] = useToggleSoftDeleteMutation();
  const [remove, removing] = useDeleteDocumentsMutation();
  const [resync] = useResyncDocumentMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The selection belongs to the rows on screen: another page, filter or view starts empty.
  const listKey = JSON.stringify(args);
  const [selection, setSelection] = useState({ key: listKey, ids: new Set<number>() });
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const selected = useMemo(() => {
    if (selection.key !== listKey) return new Set<number>();
    return new Set(rows.filter((d) => selection.ids.has(d.id)).map((d) => d.id));
  }, [selection, listKey, rows]);

  const canDelete = subject ? hasPermission(subject, 'Documents', 'DELETE') : false;
  const canAdd = subject ? hasPermission(subject, 'Documents', 'ADD') : false;
  const selectable = (d: KnowledgeDocument) =>
    canDelete && canInDepartment(subject, 'DELETE', d.department_id);
  const canResync = (d: KnowledgeDocument) =>
    d.is_url && !d.soft_delete && canInDepartment(subject, 'UPDATE', d.department_id);
  const canDownload = (d: KnowledgeDocument) =>
    !d.is_url && canInDepartment(subject, 'VIEW', d.department_id);

  function select(ids: number[], on: boolean) {
    const next = new Set(selected);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setSelection({ key: listKey, ids: next });
  }

  async function run<R>(action: () => Promise<R>, done: (result: R) => string) {
    try {
      const result = await action();
      setSelection({ key: listKey, ids: new Set() });
      dispatch(toastAdded({ message: done(result), color: 'success' }));
    } catch (e) {
      dispatch(toastAdded({ message: errorText(t, toApiErrorData(e)), color: 'danger' }));
    }
  }

  const ids = [...selected];
  const count = ids.length;
  const withSitemap = rows.some((d) => selected.has(d.id) && d.type === 'sitemap');
  const flip = () =>
    run(
      () => toggle(ids).unwrap(),
      () => t(view === 'bin' ? 'repository.restored' : 'repository.movedToBin', { count }),
    );
  const deleteForGood = async () => {
    // The server counts a sitemap's pages too.
    await run(
      () => remove(ids).unwrap(),
      (answer) => t('repository.deleted', { count: answer?.deleted ?? count }),
    );
    setConfirming(false);
  };
  async function onResync(doc: KnowledgeDocument) {
    setBusy(doc.id);
    await run(
      () => resync(doc.id).unwrap(),
      () => t('repository.resyncStarted', { name: doc.name }),
    );
    setBusy(null);
  }
  async function onDownload(doc: KnowledgeDocument) {
    setBusy(doc.id);
    const result = await dispatch(downloadDocument(doc));
    if (downloadDocument.rejected.match(result) && result.payload)
      dispatch(toastAdded({ message: errorText(t, result.payload), color: 'danger' }));
    setBusy(null);
  }

  const filtered = Boolean(params.search || params.filters.department || params.filters.kind);
  const empty = view === 'bin' ? 'repository.binEmpty' : 'repository.empty';

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="h3 mb-0">{t('repository.title')}</PageHeading>
        {canAdd && (
          <CButton as={Link} to={uploadPath} color="primary">
            {t('repository.upload')}
          </CButton>
        )}
      </div>
      <RepositoryViews view={view} onChange={setParams} />
      <CCard className="border-top-0 rounded-top-0">
        <CCardBody>
          <RepositoryFilters
            search={params.search}
            department={params.filters.department}
            kind={kindOf(params)}
            departments={departments.choices}
            onChange={setParams}
          />
          {canDelete && (
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <span className="small text-body-secondary" role="status">
                {t('repository.selected', { count })}
              </span>
              <CButton
                size="sm"
                color={view === 'bin' ? 'primary' : 'warning'}
                variant="outline"
                disabled={count === 0 || toggling.isLoading}
                onClick={() => void flip()}
              >
                {t(view === 'bin' ? 'repository.restore' : 'repository.moveToBin')}
              </CButton>
              <CButton
                size="sm"
                color="danger"
                variant="outline"
                disabled={count === 0 || removing.isLoading}
                onClick={() => setConfirming(true)}
              >
                {t('repository.deleteForGood')}
              </CButton>
            </div>
          )}
          {live && (
            <p className="small text-body-secondary" role="status">
              {t('repository.live')}
            </p>
          )}
          <PagedListBody
            error={list.isError ? list.error : undefined}
            isLoading={list.isLoading}
            rowCount={rows.length}
            total={list.data?.total ?? 0}
            empty={t(filtered ? 'repository.noMatches' : empty)}
            params={params}
            setParams={setParams}
            pagerLabel={t('repository.pages')}
          >
            <DocumentsTable
              caption={t(view === 'bin' ? 'repository.view.bin' : 'repository.title')}
              documents={rows}
              selectable={selectable}
              selected={selected}
              onSelect={select}
              actions={{
                canResync,
                onResync: (d) => void onResync(d),
                canDownload,
                onDownload: (d) => void onDownload(d),
                busy,
              }}
            />
          </PagedListBody>
        </CCardBody>
      </CCard>
      <ConfirmModal
        visible={confirming}
        title={t('repository.confirmDeleteTitle')}
        message={
          withSitemap
            ? `${t('repository.confirmDelete', { count })} ${t('repository.confirmSitemap')}`
            : t('repository.confirmDelete', { count })
        }
        confirmLabel={t('repository.deleteForGood')}
        confirmColor="danger"
        busy={removing.isLoading}
        onConfirm={() => void deleteForGood()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
