import { CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { groupBySection } from './checklist-edit-page';
import { countryName } from '@contract/countries';
import { useGetChecklistQuery } from './sop-api';
import { formatDay, formatDays } from './sop-dates';
import type { CSSProperties } from 'react';

/** A tick box and a signature line, drawn with borders so they print. */
const BOX: CSSProperties = {
  flex: '0 0 1.1rem',
  height: '1.1rem',
  border: '1px solid currentColor',
  textAlign: 'center',
  lineHeight: '1rem',
};
const LINE: CSSProperties = { flex: 1, borderTop: '1px solid currentColor', paddingTop: '0.25rem' };

/**
 * /sop-repository/checklists/view/{id} in the checklist layout (SPEC §2): the checklist as it
 * prints — header, items by section with their boxes, a signature line.
 */
export function ChecklistViewPage() {
  const { t, i18n } = useTranslation('sop');
  const id = Number(useParams().id);
  const checklist = useGetChecklistQuery(id);
  const c = checklist.data;
  if (!c) return checklist.isLoading ? <CSpinner /> : <p>{t('notFound')}</p>;
  const name = (code: string) => countryName(code, i18n.language);
  return (
    <article style={{ maxWidth: '60rem', margin: '0 auto', padding: '1.5rem' }}>
      <div className="d-flex justify-content-between align-items-start">
        <h1 className="h3">{c.name}</h1>
        <CButton
          color="secondary"
          variant="outline"
          className="d-print-none"
          onClick={() => window.print()}
        >
          {t('print')}
        </CButton>
      </div>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem' }}>
        <dt>{t('fields.client')}</dt>
        <dd>{c.client_name}</dd>
        <dt>{t('fields.sop')}</dt>
        <dd>{c.sop_name}</dd>
        <dt>{t('fields.route')}</dt>
        <dd>{`${name(c.from_location)} → ${name(c.to_location)}`}</dd>
        <dt>{t('fields.mode')}</dt>
        <dd>{t(`modes.${c.shipment_mode}`)}</dd>
        <dt>{t('fields.dates')}</dt>
        <dd>{formatDays(c.start_date, c.end_date, i18n.language)}</dd>
      </dl>
      {groupBySection(c.items).map(([section, items]) => (
        <section key={section}>
          <h2 className="h5 mt-3">{section}</h2>
          <ul className="list-unstyled">
            {items.map((i) => (
              <li key={i.id} className="d-flex gap-2 mb-2" style={{ breakInside: 'avoid' }}>
                <span
                  style={BOX}
                  role="img"
                  aria-label={
                    i.done ? t('done') : i.not_applicable ? t('notApplicable') : t('open')
                  }
                >
                  {i.done ? '✓' : i.not_applicable ? '–' : ''}
                </span>
                <span>
                  {i.text}
                  <small className="text-body-secondary d-block">
                    {[
                      i.page !== null && t('sourcePage', { page: i.page }),
                      i.owner,
                      i.due_date && formatDay(i.due_date, i18n.language),
                      i.note,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </small>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="d-flex gap-5 mt-5">
        <span style={LINE}>{t('signature')}</span>
        <span style={LINE}>{t('date')}</span>
      </div>
    </article>
  );
}
