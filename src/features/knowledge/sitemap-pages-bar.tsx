import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useGetDocumentQuery } from './knowledge-api';

/** Above the pages of one sitemap: which sitemap, and the way back to every document. */
export function SitemapPagesBar({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('knowledge');
  const sitemap = useGetDocumentQuery(id);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 px-3 py-2 border border-top-0 bg-body-tertiary">
      <h2 className="h6 mb-0 text-break">
        {t('repository.pagesOf', { name: sitemap.data?.name ?? `#${id}` })}
      </h2>
      <CButton color="secondary" variant="outline" size="sm" className="ms-auto" onClick={onBack}>
        {t('repository.allDocuments')}
      </CButton>
    </div>
  );
}
