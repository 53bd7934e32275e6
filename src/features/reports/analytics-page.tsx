import { CCol, CRow } from '@coreui/react';
import { CChartBar, CChartDoughnut } from '@coreui/react-chartjs';
import { useTranslation } from 'react-i18next';
import {
  emptyOverview,
  emptyPeakHours,
  emptyResponseTime,
  emptySatisfaction,
} from '@contract/reports';
import { PageHeading } from '@/components/page-heading';
import { formatHour } from '@/lib/dates';
import { formatShare } from '@/lib/numbers';
import { ChartCard, Figure } from './chart-card';
import { useBaseOptions } from './chart-colours';
import { ExportMenu } from './export-menu';
import { PeakHoursGrid, weekdayNames } from './peak-hours-grid';
import { ReportError } from './report-error';
import { ReportFilters } from './report-filters';
import {
  orEmpty,
  useAnalyticsOverviewQuery,
  usePeakHoursQuery,
  useResponseTimeQuery,
  useSatisfactionQuery,
} from './reports-api';
import { useReportFilters } from './use-report-filters';
import './reports.css';

/** /analytics (SPEC §2, §3 Analytics report). */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation('reports');
  const state = useReportFilters();
  const { filters } = state;
  const queries = {
    overview: useAnalyticsOverviewQuery(filters),
    peak: usePeakHoursQuery(filters),
    times: useResponseTimeQuery(filters),
    satisfaction: useSatisfactionQuery(filters),
  };
  const overview = orEmpty(queries.overview, emptyOverview);
  const peak = orEmpty(queries.peak, emptyPeakHours);
  const times = orEmpty(queries.times, emptyResponseTime);
  const satisfaction = orEmpty(queries.satisfaction, emptySatisfaction);
  const { colours, options } = useBaseOptions();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const n = (v: number) => number.format(v);
  const days = weekdayNames(i18n.language);
  const hour = (h: number) => formatHour(h, { locale: i18n.language });
  const hours = (list: number[]) =>
    new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' }).format(list.map(hour));
  const rated = satisfaction.total_responses > 0;
  const score = formatShare(
    satisfaction.satisfaction_score,
    satisfaction.total_responses,
    i18n.language,
  );
  const peakHours = hours(times.peak_hours) || '—';
  /** Every busy hour reached the average: all are peak hours, and nothing is "normal". */
  const allPeak = times.peak.turns > 0 && times.normal.turns === 0;
  /** The busiest slot of the heat map, and how many others were as busy. */
  const busiestText = peak.busiest
    ? [
        t('peak.summary', {
          day: days[peak.busiest.weekday],
          hour: hour(peak.busiest.hour),
          value: n(peak.busiest.count),
        }),
        peak.busiest.ties ? t('peak.ties', { value: n(peak.busiest.ties) }) : '',
      ]
        .filter(Boolean)
        .join(' ')
    : t('noData');

  const figures = [
    ['totalConversations', n(overview.total_conversations)],
    ['perDay', n(overview.average_conversations_per_day)],
    ['conversationTime', t('units.seconds', { value: n(overview.average_conversation_time) })],
    ['responseTime', t('units.ms', { value: n(overview.chatbot_response_time) })],
    ['messages', n(overview.avg_messages_per_conversation)],
  ] as const;
  const timing = [
    [t('response.peak'), times.peak.turns, times.peak.average_ms],
    [t('response.normal'), times.normal.turns, times.normal.average_ms],
  ] as const;
  const ratings = [
    [t('satisfaction.positive'), satisfaction.breakdown.positive],
    [t('satisfaction.negative'), satisfaction.breakdown.negative],
  ] as const;

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <PageHeading>{t('analytics.title')}</PageHeading>
        <ExportMenu report="analytics" filters={filters} />
      </div>
      <ReportFilters {...state} />
      <ReportError errors={Object.values(queries).map((q) => q.error)} />
      <CRow className="g-3 mb-4" xs={{ cols: 1 }} sm={{ cols: 2 }} lg={{ cols: 5 }}>
        {figures.map(([key, value]) => (
          <CCol key={key}>
            <Figure label={t(`figures.${key}`)} value={value} testId={`figure-${key}`} />
          </CCol>
        ))}
      </CRow>
      <CRow className="g-3 mb-4">
        <CCol xs={12}>
          <ChartCard
            title={t('peak.title')}
            summary={busiestText}
            table={{
              columns: [t('peak.weekday'), t('peak.hour'), t('peak.questions')],
              rows: peak.matrix.flatMap((row, d) =>
                row.flatMap((count, h) => (count ? [[days[d] ?? '', hour(h), n(count)]] : [])),
              ),
            }}
          >
            <p className="small mb-2" data-testid="peak-busiest">
              {busiestText}
            </p>
            <PeakHoursGrid peak={peak} />
          </ChartCard>
        </CCol>
        <CCol md={6}>
          <ChartCard
            title={t('response.title')}
            summary={t('response.summary', {
              peak: n(times.peak.average_ms),
              normal: n(times.normal.average_ms),
              hours: peakHours,
            })}
            table={{
              columns: [t('response.hours'), t('response.questions'), t('response.average')],
              rows: timing.map(([label, turns, ms]) => [label, n(turns), n(ms)]),
            }}
            chart={
              <CChartBar
                data={{
                  labels: timing.map(([label]) => label),
                  datasets: [
                    {
                      label: t('response.average'),
                      data: timing.map(([, , ms]) => ms),
                      backgroundColor: [colours.negative, colours.primary],
                    },
                  ],
                }}
                options={options}
              />
            }
          >
            <p className="small mb-1" data-testid="peak-hours">
              {t('response.peakHours', { hours: peakHours })}
            </p>
            <p className="small text-body-secondary mb-2">
              {allPeak ? t('response.allPeak') : t('response.rule')}
            </p>
          </ChartCard>
        </CCol>
        <CCol md={6}>
          <ChartCard
            title={t('satisfaction.title')}
            summary={
              rated
                ? t('satisfaction.summary', { score, total: n(satisfaction.total_responses) })
                : t('satisfaction.noRatings')
            }
            table={{
              columns: [t('satisfaction.rating'), t('satisfaction.count')],
              rows: ratings.map(([label, count]) => [label, n(count)]),
            }}
            chart={
              <CChartDoughnut
                data={{
                  labels: ratings.map(([label]) => label),
                  datasets: [
                    {
                      data: ratings.map(([, count]) => count),
                      backgroundColor: [colours.positive, colours.negative],
                      borderColor: colours.surface,
                    },
                  ],
                }}
                options={{ ...options, scales: {} }}
              />
            }
          >
            <p className="mb-2" data-testid="satisfaction-score">
              {t('satisfaction.score', { score })} ·{' '}
              {rated
                ? t('satisfaction.responses', { total: n(satisfaction.total_responses) })
                : t('satisfaction.noRatings')}
            </p>
          </ChartCard>
        </CCol>
        <CCol xs={12}>
          <ChartCard
            title={t('intents.title')}
            summary={t('intents.summary', { number: overview.intents.length })}
            table={{
              columns: [t('intents.label'), t('intents.count'), t('intents.example')],
              rows: overview.intents.map((i) => [i.label, n(i.count), i.example]),
            }}
          >
            {overview.intents.length === 0 ? (
              <p className="text-body-secondary">{t('noData')}</p>
            ) : (
              <ol className="list-unstyled mb-0">
                {overview.intents.map((intent) => (
                  <li key={intent.label} className="d-flex gap-3 py-1 border-bottom">
                    <span className="fw-semibold">{intent.label}</span>
                    <span className="badge text-bg-secondary align-self-center">
                      {n(intent.count)}
                    </span>
                    <span className="text-body-secondary text-truncate">{intent.example}</span>
                  </li>
                ))}
              </ol>
            )}
          </ChartCard>
        </CCol>
      </CRow>
    </>
  );
}
