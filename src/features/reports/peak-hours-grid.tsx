import { useTranslation } from 'react-i18next';
import type { PeakHours } from '@contract/reports';
import { formatHour } from '@/lib/dates';

/** Monday 2024-01-01 + n days: weekday names in the reader's language. */
export function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, d) => format.format(new Date(Date.UTC(2024, 0, 1 + d))));
}

/** The weekday × hour heat map: a real table (screen readers read it as one), cells shaded. */
export function PeakHoursGrid({ peak }: { peak: PeakHours }) {
  const { t, i18n } = useTranslation('reports');
  const days = weekdayNames(i18n.language);
  const max = Math.max(1, ...peak.matrix.flat());
  return (
    // On a phone the 24 hours scroll sideways: the region takes focus so a keyboard scrolls it too.
    <div className="table-responsive" tabIndex={0} role="region" aria-label={t('peak.caption')}>
      <table className="table table-sm table-borderless peak-grid mb-0">
        <caption className="visually-hidden">{t('peak.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('peak.weekday')}</span>
            </th>
            {Array.from({ length: 24 }, (_, h) => (
              <th key={h} scope="col" className="text-center small fw-normal">
                {formatHour(h, { locale: i18n.language, short: true })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {peak.matrix.map((row, d) => (
            <tr key={d}>
              <th scope="row" className="small fw-normal text-nowrap">
                {days[d]}
              </th>
              {row.map((count, h) => (
                <td
                  key={h}
                  className="peak-cell text-center small"
                  style={{ ['--peak' as string]: String(count / max) }}
                  title={t('peak.cell', {
                    day: days[d],
                    hour: formatHour(h, { locale: i18n.language }),
                    value: count,
                  })}
                >
                  {count || ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
