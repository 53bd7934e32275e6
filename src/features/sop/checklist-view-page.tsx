import { CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { groupBySection } from './checklist-edit-page';
import { useGetChecklistQuery, useSopCountriesQuery } from './sop-api';
import './sop.css';

/**
 * /sop-repository/checklists/view/{id} in the checklist layout (SPEC §2): the checklist as it
 * prints — header, items by section with their boxes, a signature line.
 */
export function ChecklistViewPage() {
  const { t, i18n } = useTranslation('sop');
  const id = Number(useParams().id);
  const checklist = useGetChecklistQuery(id);
  const countries = useSopCountriesQuery(i18n.language);
  const c = checklist.data;
  if (!c) return checklist.isLoading ? <CSpinner /> : <p>{t('notFound')}</p>;
  const name = (code: string) => countries.data?.items.find((x) => x.code === code)?.name ?? code;
  return (
    <article className="sop-print">
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
      <dl className="sop-print-header">
        <dt>{t('fields.client')}</dt>
        <dd>{c.client_name}</dd>
        <dt>{t('fields.sop')}</dt>
        <dd>{c.sop_name}</dd>
        <dt>{t('fields.route')}</dt>
        <dd>{`${name(c.from_location)} → ${name(c.to_location)}`}</dd>
        <dt>{t('fields.mode')}</dt>
        <dd>{t(`modes.${c.shipment_mode}`)}</dd>
        <dt>{t('fields.dates')}</dt>
        <dd>{`${c.start_date} – ${c.end_date}`}</dd>
      </dl>
      {groupBySection(c.items).map(([section, items]) => (
        <section key={section}>
          <h2 className="h5 mt-3">{section}</h2>
          <ul className="list-unstyled">
            {items.map((i) => (
              <li key={i.id} className="sop-print-item">
                <span
                  className="sop-box"
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
                      i.due_date,
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
      <div className="sop-signature">
        <span>{t('signature')}</span>
        <span>{t('date')}</span>
      </div>
    </article>
  );
}
