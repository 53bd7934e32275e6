import { CButton, CButtonGroup, CNav, CNavLink } from '@coreui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SopDocument } from '@contract/sop';
import { ListPage, listTexts } from '@/components/list-page';
import { SelectFilter } from '@/components/select-filter';
import { useToastedAction } from '@/components/use-toasted-action';
import { useHttp } from '@/lib/http-context';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { ArchiveModal } from './archive-modal';
import { useArchiveSopMutation, useListSopDocumentsQuery, useSopNamesQuery } from './sop-api';
import { openPdf } from './sop-files';
import type { SopLinks } from './sop-links';

const FILTERS = ['client_name', 'product_type'] as const;

/** The SOP views' tabs: documents, checklists, archive. */
export function SopTabs({
  links,
  active,
}: {
  links: SopLinks;
  active: 'list' | 'checklists' | 'archive';
}) {
  const { t } = useTranslation('sop');
  return (
    <CNav as="nav" variant="tabs" className="mb-3" aria-label={t('tabs.label')}>
      {(['list', 'checklists', 'archive'] as const).map((key) => (
        <CNavLink key={key} as={Link} to={links[key]} active={active === key}>
          {t(`tabs.${key}`)}
        </CNavLink>
      ))}
    </CNav>
  );
}

/** /sop-repository (SPEC §2, §7 GET /sop/documents): the SOP documents with every filter. */
export function SopListPage({ links }: { links: SopLinks }) {
  const { t } = useTranslation('sop');
  const can = useCan();
  const http = useHttp();
  const run = useToastedAction();
  const [params, setParams] = useListParams(FILTERS);
  const list = useListSopDocumentsQuery({
    page: params.page,
    size: params.size,
    name: params.search || undefined,
    client_name: params.filters.client_name || undefined,
    product_type: params.filters.product_type || undefined,
  });
  const products = useSopNamesQuery('products');
  const [archive] = useArchiveSopMutation();
  const [archiving, setArchiving] = useState<SopDocument | null>(null);

  return (
    <>
      <ListPage<SopDocument, (typeof FILTERS)[number]>
        title={t('title')}
        add={can.right('Sop', 'ADD') && { to: links.upload, text: t('upload') }}
        above={<SopTabs links={links} active="list" />}
        columns={[
          { key: 'name', header: t('fields.name'), cell: (d) => d.name, rowHeader: true },
          { key: 'client', header: t('fields.client'), cell: (d) => d.client_name },
          { key: 'industry', header: t('fields.industry'), cell: (d) => d.industry },
          { key: 'product', header: t('fields.productType'), cell: (d) => d.product_type },
          { key: 'department', header: t('fields.department'), cell: (d) => d.department_name },
          { key: 'pages', header: t('fields.pages'), cell: (d) => d.page_count },
          {
            key: 'requirements',
            header: t('fields.requirements'),
            cell: (d) => d.requirement_count,
          },
          { key: 'version', header: t('fields.version'), cell: (d) => d.versions[0]?.version ?? 1 },
        ]}
        query={list}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ 'data-testid': 'sop-row', 'data-id': d.id })}
        rowActions={{
          label: t('actions'),
          render: (d) => (
            <CButtonGroup size="sm">
              <CButton
                color="secondary"
                variant="ghost"
                onClick={() => void openPdf(http, { documentId: d.id })}
              >
                {t('view')}
              </CButton>
              {can.right('Sop', 'ADD') && (
                <CButton as={Link} to={links.generate(d.id)} color="primary" variant="ghost">
                  {t('generate')}
                </CButton>
              )}
              {can.right('Sop', 'UPDATE') && (
                <CButton as={Link} to={links.files(d.id)} color="secondary" variant="ghost">
                  {t('files')}
                </CButton>
              )}
              {can.right('Sop', 'DELETE') && (
                <CButton color="secondary" variant="ghost" onClick={() => setArchiving(d)}>
                  {t('archive')}
                </CButton>
              )}
            </CButtonGroup>
          ),
        }}
        params={params}
        setParams={setParams}
        {...listTexts(t)}
        searchLabel={t('searchName')}
        filters={
          <>
            <SelectFilter
              label={t('fields.productType')}
              any={t('anyProduct')}
              value={params.filters.product_type}
              options={(products.data?.items ?? []).map((p) => ({ value: p, label: p }))}
              onChange={(value) => setParams({ filters: { product_type: value } })}
            />
          </>
        }
      />
      <ArchiveModal
        name={archiving?.name ?? null}
        onClose={() => setArchiving(null)}
        onArchive={async (comments) => {
          const done = await run(
            () => archive({ ids: [archiving!.id], comments }).unwrap(),
            () => t('archived', { name: archiving!.name }),
          );
          if (done) setArchiving(null);
          return done;
        }}
      />
    </>
  );
}
