import { CCard, CCardBody, CCardHeader } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { Checklist } from '@contract/sop';
import { useChecklistVersionsQuery } from './sop-api';

/** What was left out and why (issue 15), and the saved versions: who changed what, when. */
export function ChecklistSidePanels({ checklist }: { checklist: Checklist }) {
  const { t, i18n } = useTranslation('sop');
  const versions = useChecklistVersionsQuery(checklist.id);
  const appliesTo = (e: Checklist['excluded'][number]) =>
    e.reason === 'mode'
      ? e.applies_to.map((m) => t(`modes.${m}`)).join(', ')
      : e.applies_to
          .map((c) => new Intl.DisplayNames([i18n.language], { type: 'region' }).of(c) ?? c)
          .join(', ');
  return (
    <>
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
      <CCard className="mb-3">
        <CCardHeader as="h2" className="h6">
          {t('versionsTitle')}
        </CCardHeader>
        <CCardBody>
          <ol className="mb-0" reversed data-testid="checklist-versions">
            {(versions.data?.items ?? []).map((v) => (
              <li key={v.version}>
                {t('versionLine', {
                  version: v.version,
                  who: v.changed_by,
                  when: new Date(v.changed_at).toLocaleString(i18n.language),
                  count: v.changes.length,
                })}
              </li>
            ))}
          </ol>
        </CCardBody>
      </CCard>
    </>
  );
}
