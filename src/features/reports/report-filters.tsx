import type { ReactNode } from 'react';
import { CFormInput, CFormLabel, CFormSelect } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { inScope } from '@contract/access';
import { reportsScope } from '@contract/reports';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { useReportDepartmentsQuery } from './reports-api';
import type { useReportFilters } from './use-report-filters';
import { useWidgetChoices } from './widget-choices';

type Filters = ReturnType<typeof useReportFilters>;

/**
 * The departments a reader may pick: every one for an administrator, else those whose reports
 * they may read (the server refuses any other with 403).
 */
function useDepartmentChoices() {
  const subject = useSelector(selectAccessSubject);
  const admin = Boolean(subject?.is_defaultadmin);
  const all = useReportDepartmentsQuery(undefined, { skip: !admin });
  if (admin) return all.data?.items ?? [];
  const readable = subject ? reportsScope(subject) : [];
  const own = new Map<number, string>();
  for (const p of subject?.permissions ?? [])
    if (inScope(readable, p.department_id)) own.set(p.department_id, p.department_name);
  return [...own.entries()].map(([id, name]) => ({ id, name }));
}

/** A channel option for one widget. */
const WIDGET = 'widget:';

/** Date range, channel and department: the filters both reports share; `extra` adds more. */
export function ReportFilters({
  filters,
  setFilter,
  setFilters,
  extra,
}: Filters & { extra?: ReactNode }) {
  const { t } = useTranslation('reports');
  const departments = useDepartmentChoices();
  const widgets = useWidgetChoices();
  const channel = filters.widget_id ? `${WIDGET}${filters.widget_id}` : filters.channel;
  /** "All", a kind of channel, or one widget (`widget:<id>`: channel=widget&widget=<id>). */
  const pickChannel = (value: string) =>
    value.startsWith(WIDGET)
      ? setFilters({ channel: 'widget', widget: value.slice(WIDGET.length) })
      : setFilters({ channel: value === 'all' ? '' : value, widget: '' });
  return (
    // A wrapping row of controls, each as wide as what it shows (reports.css), so no language's
    // words are cut: a grid of fixed columns clipped "Alle Abteilungen" and "Gruppieren nach".
    <div className="report-filters" role="group" aria-label={t('filters.label')}>
      <div className="report-filter">
        <CFormLabel htmlFor="report-start">{t('filters.start')}</CFormLabel>
        <CFormInput
          id="report-start"
          type="date"
          value={filters.start_date}
          max={filters.end_date}
          onChange={(e) => setFilter('start', e.target.value)}
        />
      </div>
      <div className="report-filter">
        <CFormLabel htmlFor="report-end">{t('filters.end')}</CFormLabel>
        <CFormInput
          id="report-end"
          type="date"
          value={filters.end_date}
          min={filters.start_date}
          onChange={(e) => setFilter('end', e.target.value)}
        />
      </div>
      <div className="report-filter">
        <CFormLabel htmlFor="report-channel">{t('filters.channel')}</CFormLabel>
        <CFormSelect
          id="report-channel"
          value={channel}
          onChange={(e) => pickChannel(e.target.value)}
        >
          <option value="all">{t('filters.channels.all')}</option>
          <option value="assistant">{t('filters.channels.assistant')}</option>
          <option value="widget">{t('filters.channels.widget')}</option>
          {widgets.length > 0 && (
            <optgroup label={t('filters.eachWidget')}>
              {widgets.map((w) => (
                <option key={w.id} value={`${WIDGET}${w.id}`}>
                  {t('filters.oneWidget', { name: w.name })}
                </option>
              ))}
            </optgroup>
          )}
        </CFormSelect>
      </div>
      <div className="report-filter">
        <CFormLabel htmlFor="report-department">{t('filters.department')}</CFormLabel>
        <CFormSelect
          id="report-department"
          value={filters.department_id ?? ''}
          onChange={(e) => setFilter('department', e.target.value)}
        >
          <option value="">{t('filters.allDepartments')}</option>
          {departments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </CFormSelect>
      </div>
      {extra}
    </div>
  );
}
