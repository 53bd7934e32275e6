import { CCard, CCardBody, CCardHeader } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { Checklist, ChecklistVersion } from '@contract/sop';
import { useChecklistVersionsQuery } from './sop-api';
import { formatDay, formatWhen } from './sop-dates';

type Change = ChecklistVersion['changes'][number];
const FLAGS = new Set(['done', 'not_applicable']);

/** The saved versions of a checklist: who changed what, and when. */
export function ChecklistVersions({ checklist }: { checklist: Checklist }) {
  const { t, i18n } = useTranslation('sop');
  const versions = useChecklistVersionsQuery(checklist.id);
  const texts = new Map(checklist.items.map((i) => [i.id, i.text]));
  // The server records values as text: flags as "true"/"false", days as yyyy-mm-dd.
  const value = (c: Change, v: string) => {
    if (v === '') return '—';
    if (FLAGS.has(c.field)) return t(v === 'true' ? 'yes' : 'no');
    if (c.field === 'due_date') return formatDay(v, i18n.language);
    return v;
  };
  return (
    <CCard className="mb-3">
      <CCardHeader as="h2" className="h6">
        {t('versionsTitle')}
      </CCardHeader>
      <CCardBody>
        <ol className="mb-0" reversed data-testid="checklist-versions">
          {(versions.data?.items ?? []).map((v) => (
            <li key={v.version} data-testid="checklist-version">
              {t('versionBy', {
                version: v.version,
                who: v.changed_by,
                when: formatWhen(v.changed_at, i18n.language),
              })}
              {v.changes.length === 0 ? (
                <span className="text-body-secondary"> · {t('versionNoChanges')}</span>
              ) : (
                <ul className="small">
                  {v.changes.map((c, n) => (
                    <li key={n} data-testid="checklist-change">
                      <span className="text-body-secondary">{texts.get(c.item) ?? c.item}</span>
                      {' · '}
                      <strong>{t(`changeFields.${c.field}`, { defaultValue: c.field })}</strong>
                      {`: ${value(c, c.old)} → ${value(c, c.new)}`}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </CCardBody>
    </CCard>
  );
}
