import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_DEFAULT_SIZE } from '@contract/constants';
import { DOCUMENT_SORTS, type KnowledgeDocument } from '@contract/knowledge';
import { ListPage } from '@/components/list-page';
import { useRowSelection } from '@/components/use-row-selection';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { deletionColumns } from './deletion-columns';
import { documentColumns, RowButtons } from './document-columns';
import { canInDepartment } from './knowledge-access';
import { knowledgeApi, useListDocumentsQuery } from './knowledge-api';
import { RepositoryBulkActions } from './repository-bulk-actions';
import { RepositoryFilters, RepositoryViews } from './repository-filters';
import { documentsArgs, kindOf, REPOSITORY_FILTERS, sitemapOf, viewOf } from './repository-params';
import { SitemapPagesBar } from './sitemap-pages-bar';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useDocumentActions } from './use-document-actions';

/** How often the list is read again while a document is queued or processing. */
export const STATUS_POLL_MS = 2000;

const documentId = (d: KnowledgeDocument) => d.id;
const ingesting = (d: KnowledgeDocument) => d.status === 'queued' || d.status === 'processing';

/** /repository (SPEC §2): the documents of the person's departments and the recycle bin. */
export function RepositoryPage({ uploadPath }: { uploadPath: string }) {
  const { t, i18n } = useTranslation(['knowledge', 'errors']);
  const { subject, right } = useCan();
  const [params, setParams] = useListParams(REPOSITORY_FILTERS, DOCUMENTS_DEFAULT_SIZE);
  const args = useMemo(() => documentsArgs(params), [params]);
  const view = viewOf(params);
  const sitemap = sitemapOf(params);
  // Poll only while something is still being ingested, so statuses change on screen by themselves.
  const cached = knowledgeApi.endpoints.listDocuments.useQueryState(args);
  const live = cached.data?.items.some(ingesting) ?? false;
  const list = useListDocumentsQuery(args, { pollingInterval: live ? STATUS_POLL_MS : 0 });
  const departments = useDepartmentChoices('Documents', 'LIST_VIEW');
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const { selected, select, clear } = useRowSelection(JSON.stringify(args), rows, documentId);
  const actions = useDocumentActions(subject);

  const canDelete = right('Documents', 'DELETE');
  const selectable = (d: KnowledgeDocument) =>
    canDelete && canInDepartment(subject, 'DELETE', d.department_id);
  const filtered = Boolean(
    params.search || params.filters.department || params.filters.kind || sitemap,
  );
  const empty = view === 'bin' ? 'repository.binEmpty' : 'repository.empty';
  const columns = documentColumns(t, i18n.language, (d) =>
    setParams({ filters: { sitemap: String(d.id) } }),
  );
  // In the bin, when and by whom each was deleted stand right after who uploaded it.
  if (view === 'bin')
    columns.splice(
      columns.findIndex((c) => c.key === 'uploaded') + 1,
      0,
      ...deletionColumns(t, i18n.language),
    );

  return (
    <ListPage
      title={t('repository.title')}
      caption={t(view === 'bin' ? 'repository.view.bin' : 'repository.title')}
      add={right('Documents', 'ADD') && { to: uploadPath, text: t('repository.upload') }}
      above={
        <>
          <RepositoryViews view={view} onChange={setParams} />
          {sitemap && (
            <SitemapPagesBar id={sitemap} onBack={() => setParams({ filters: { sitemap: '' } })} />
          )}
        </>
      }
      cardClassName="border-top-0 rounded-top-0"
      columns={columns}
      sorts={DOCUMENT_SORTS}
      query={list}
      rowKey={documentId}
      rowProps={(d) => ({ 'data-testid': 'document-row', 'data-document-id': d.id })}
      selection={{
        selectable,
        selected,
        onSelect: select,
        selectAllLabel: t('repository.selectAll'),
        selectLabel: (d) => t('repository.selectNamed', { name: d.name }),
      }}
      rowActions={
        rows.some((d) => actions.canResync(d) || actions.canDownload(d))
          ? { label: t('actions'), render: (d) => <RowButtons doc={d} actions={actions} /> }
          : undefined
      }
      params={params}
      setParams={setParams}
      filters={
        <RepositoryFilters
          search={params.search}
          department={params.filters.department}
          kind={kindOf(params)}
          departments={departments.departments}
          onChange={setParams}
        />
      }
      toolbar={
        <>
          {canDelete && (
            <RepositoryBulkActions
              inBin={view === 'bin'}
              ids={[...selected].map(Number)}
              withSitemap={rows.some((d) => selected.has(d.id) && d.type === 'sitemap')}
              onDone={clear}
            />
          )}
          {live && (
            <p className="small text-body-secondary" role="status">
              {t('repository.live')}
            </p>
          )}
        </>
      }
      empty={t(filtered ? 'repository.noMatches' : empty)}
      pagerLabel={t('repository.pages')}
    />
  );
}
