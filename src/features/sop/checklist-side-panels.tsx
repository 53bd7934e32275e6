import { CCard, CCardBody, CCardHeader } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@contract/countries';
import type { Checklist } from '@contract/sop';
import { ChecklistVersions } from './checklist-versions';
import { useChecklistReferencesQuery } from './sop-api';
import { SopFileLinks } from './sop-view-actions';

/**
 * Beside a checklist's items: its SOP's reference files (GET /sop/checklists/references/{id}),
 * what was left out and why, and the saved versions.
 */
export function ChecklistSidePanels({ checklist }: { checklist: Checklist }) {
  const { t, i18n } = useTranslation('sop');
  const references = useChecklistReferencesQuery(checklist.id);
  const appliesTo = (e: Checklist['excluded'][number]) =>
    e.reason === 'mode'
      ? e.applies_to.map((m) => t(`modes.${m}`)).join(', ')
      : e.applies_to.map((c) => countryName(c, i18n.language)).join(', ');
  const files = references.data?.items ?? [];
  return (
    <>
      <CCard className="mb-3">
        <CCardHeader as="h2" className="h6">
          {t('sopReferencesTitle', { count: files.length })}
        </CCardHeader>
        <CCardBody>
          {files.length === 0 ? (
            <p className="mb-0">{references.isLoading ? '…' : t('noReferences')}</p>
          ) : (
            <SopFileLinks files={files} />
          )}
        </CCardBody>
      </CCard>
      <CCard className="mb-3">
        <CCardHeader as="h2" className="h6">
          {t('excludedTitle', { count: checklist.excluded.length })}
        </CCardHeader>
        <CCardBody>
          {checklist.excluded.length === 0 ? (
            <p className="mb-0">{t('nothingExcluded')}</p>
          ) : (
            <ul className="mb-0" data-testid="excluded-items">
              {checklist.excluded.map((e, n) => (
                <li key={n}>
                  {e.text}{' '}
                  <span className="text-body-secondary">
                    ({t(`excludedBecause.${e.reason}`, { list: appliesTo(e) })}
                    {e.page !== null ? ` · ${t('sourcePage', { page: e.page })}` : ''})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CCardBody>
      </CCard>
      <ChecklistVersions checklist={checklist} />
    </>
  );
}
