import { CAlert, CButton, CNav, CNavLink } from '@coreui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SopDocument } from '@contract/sop';
import { ListPage, listTexts } from '@/components/list-page';
import { useToastedAction } from '@/components/use-toasted-action';
import { sopLookupText } from '@/lib/seeded-text';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { ArchiveModal } from './archive-modal';
import { useArchiveSopMutation, useListSopDocumentsQuery } from './sop-api';
import type { SopLinks } from './sop-links';
import { SOP_LIST_FILTERS, SopListFilters, sopListQuery } from './sop-list-filters';
import { SopReferencesDialog, SopViewButtons } from './sop-view-actions';
import './sop-list.css';

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
  const run = useToastedAction();
  const [params, setParams] = useListParams(SOP_LIST_FILTERS);
  const list = useListSopDocumentsQuery(sopListQuery(params));
  const [archive] = useArchiveSopMutation();
  const [archiving, setArchiving] = useState<SopDocument | null>(null);
  // The SOP just archived: it leaves this list, so the way to it in the archive is offered here.
  const [justArchived, setJustArchived] = useState<SopDocument | null>(null);
  const [referencesOf, setReferencesOf] = useState<SopDocument | null>(null);

  return (
    <>
      <ListPage<SopDocument, (typeof SOP_LIST_FILTERS)[number]>
        title={t('title')}
        add={can.right('Sop', 'ADD') && { to: links.upload, text: t('upload') }}
        above={
          <>
            <SopTabs links={links} active="list" />
            {justArchived && can.route('sopRepository') && (
              <CAlert
                color="success"
                dismissible
                onClose={() => setJustArchived(null)}
                className="d-flex flex-wrap gap-2 align-items-center"
              >
                <span>{t('archived', { name: justArchived.name })}</span>
                <Link to={links.archived(justArchived.id)}>{t('openInArchive')}</Link>
              </CAlert>
            )}
          </>
        }
        columns={[
          { key: 'name', header: t('fields.name'), cell: (d) => d.name, rowHeader: true },
          { key: 'client', header: t('fields.client'), cell: (d) => d.client_name },
          {
            key: 'industry',
            header: t('fields.industry'),
            cell: (d) => sopLookupText(t, 'industries', d.industry),
          },
          {
            key: 'product',
            header: t('fields.productType'),
            cell: (d) => sopLookupText(t, 'products', d.product_type),
          },
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
            <div className="sop-row-actions">
              <SopViewButtons doc={d} onReferences={setReferencesOf} />
              {can.right('Sop', 'ADD') && (
                <CButton
                  as={Link}
                  to={links.generate(d.id)}
                  size="sm"
                  color="primary"
                  variant="ghost"
                >
                  {t('generate')}
                </CButton>
              )}
              {can.right('Sop', 'UPDATE') && (
                <CButton
                  as={Link}
                  to={links.files(d.id)}
                  size="sm"
                  color="secondary"
                  variant="ghost"
                >
                  {t('files')}
                </CButton>
              )}
              {can.right('Sop', 'DELETE') && (
                <CButton
                  size="sm"
                  color="secondary"
                  variant="ghost"
                  onClick={() => setArchiving(d)}
                >
                  {t('archive')}
                </CButton>
              )}
            </div>
          ),
        }}
        params={params}
        setParams={setParams}
        {...listTexts(t)}
        searchLabel={t('searchName')}
        filters={<SopListFilters filters={params.filters} onChange={setParams} />}
      />
      <SopReferencesDialog doc={referencesOf} onClose={() => setReferencesOf(null)} />
      <ArchiveModal
        name={archiving?.name ?? null}
        onClose={() => setArchiving(null)}
        onArchive={async (comments) => {
          const done = await run(
            () => archive({ ids: [archiving!.id], comments }).unwrap(),
            () => t('archived', { name: archiving!.name }),
          );
          if (done) {
            setJustArchived(archiving);
            setArchiving(null);
          }
          return done;
        }}
      />
    </>
  );
}
