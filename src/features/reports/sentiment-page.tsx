import { useState } from 'react';
import { CButton, CCol, CFormInput, CFormLabel, CFormSelect, CRow } from '@coreui/react';
import { CChartBar, CChartDoughnut } from '@coreui/react-chartjs';
import { useTranslation } from 'react-i18next';
import { emptySentimentDashboard, isoDay, type Sentiment, SENTIMENTS } from '@contract/reports';
import { PageHeading } from '@/components/page-heading';
import { formatDay } from '@/lib/dates';
import { useCan } from '@/lib/session/use-can';
import { ChartCard, Figure } from './chart-card';
import { useBaseOptions } from './chart-colours';
import { ExportMenu } from './export-menu';
import { ProductListEditor } from './product-list-editor';
import { ReportError } from './report-error';
import { ReportFilters } from './report-filters';
import { TurnsDialog, type TurnsSelection } from './turns-dialog';
import {
  orEmpty,
  type SentimentArgs,
  useConversationSummaryQuery,
  useSentimentDashboardQuery,
} from './reports-api';
import { useReportFilters } from './use-report-filters';
import './reports.css';

const emptySummary = {
  total_conversations: 0,
  average_turns: 0,
  positive: 0,
  neutral: 0,
  negative: 0,
};

/** /sentiment-analytics (SPEC §2, §3 Sentiment dashboard report). */
export function SentimentPage() {
  const { t, i18n } = useTranslation('reports');
  // Every filter lives in the address, as the analytics page's do (use-report-filters.ts).
  const state = useReportFilters();
  const { sentimentFilters, values, setFilter } = state;
  const grouping = sentimentFilters.date_range;
  const [selection, setSelection] = useState<TurnsSelection | null>(null);
  const canOpen = useCan().right('Reports', 'VIEW');
  const args: SentimentArgs = { ...state.filters, ...sentimentFilters };
  const dashboardQuery = useSentimentDashboardQuery(args);
  const summaryQuery = useConversationSummaryQuery(args);
  const dashboard = orEmpty(dashboardQuery, emptySentimentDashboard);
  const summary = orEmpty(summaryQuery, {
    ...emptySummary,
    date_range: dashboard.date_range,
  });
  const { colours, options } = useBaseOptions();
  const day = (iso: string) => formatDay(iso, { locale: i18n.language });
  /** The turns of a sentiment, in the whole range or in one bucket of the series. */
  const open = (s: Sentiment, bucket?: string) => {
    let range = { start_date: args.start_date, end_date: args.end_date };
    if (bucket) {
      const start = new Date(`${bucket}T00:00:00Z`);
      const end =
        grouping === 'day'
          ? start
          : grouping === 'week'
            ? new Date(start.getTime() + 6 * 864e5)
            : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
      range = {
        start_date: bucket > args.start_date ? bucket : args.start_date,
        end_date: isoDay(end) < args.end_date ? isoDay(end) : args.end_date,
      };
    }
    setSelection({
      title: t('turns.title', {
        sentiment: t(`sentiment.${s}`),
        from: day(range.start_date),
        to: day(range.end_date),
      }),
      args: { ...args, ...range, sentiment: s },
    });
  };
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const label = (s: (typeof SENTIMENTS)[number]) => t(`sentiment.${s}`);
  const overviewText = {
    positive: n(dashboard.overview.positive),
    neutral: n(dashboard.overview.neutral),
    negative: n(dashboard.overview.negative),
  };
  const fill = { positive: colours.positive, neutral: colours.neutral, negative: colours.negative };
  const productCard = (kind: 'popular' | 'suggested', items: { name: string; count: number }[]) => (
    <ChartCard
      title={t(`products.${kind}`)}
      summary={items.map((p) => `${p.name}: ${n(p.count)}`).join(', ') || t('noData')}
      table={{
        columns: [t('products.name'), t(`products.${kind}Count`)],
        rows: items.map((p) => [p.name, n(p.count)]),
      }}
      chart={
        items.length ? (
          <CChartBar
            data={{
              labels: items.map((p) => p.name),
              datasets: [
                {
                  label: t(`products.${kind}Count`),
                  data: items.map((p) => p.count),
                  backgroundColor: colours.info,
                },
              ],
            }}
            options={{ ...options, indexAxis: 'y' as const }}
          />
        ) : undefined
      }
    >
      {!items.length && <p className="text-body-secondary">{t('products.none')}</p>}
    </ChartCard>
  );

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <PageHeading>{t('sentiment.title')}</PageHeading>
        <ExportMenu report="sentiment" filters={args} />
      </div>
      <ReportFilters
        {...state}
        extra={
          <>
            <div className="report-filter">
              <CFormLabel htmlFor="report-grouping">{t('filters.grouping')}</CFormLabel>
              <CFormSelect
                id="report-grouping"
                value={grouping}
                onChange={(e) => setFilter('group', e.target.value === 'day' ? '' : e.target.value)}
              >
                {(['day', 'week', 'month'] as const).map((g) => (
                  <option key={g} value={g}>
                    {t(`filters.groupings.${g}`)}
                  </option>
                ))}
              </CFormSelect>
            </div>
            <div className="report-filter">
              <CFormLabel htmlFor="report-sentiment">{t('filters.sentiment')}</CFormLabel>
              <CFormSelect
                id="report-sentiment"
                value={sentimentFilters.sentiment ?? ''}
                onChange={(e) => setFilter('sentiment', e.target.value)}
              >
                <option value="">{t('filters.anySentiment')}</option>
                {SENTIMENTS.map((s) => (
                  <option key={s} value={s}>
                    {label(s)}
                  </option>
                ))}
              </CFormSelect>
            </div>
            <div className="report-filter report-filter-wide">
              <CFormLabel htmlFor="report-products">{t('filters.products')}</CFormLabel>
              <CFormInput
                id="report-products"
                value={values.products ?? ''}
                placeholder={t('filters.productsHint')}
                onChange={(e) => setFilter('products', e.target.value)}
              />
            </div>
          </>
        }
      />
      <ReportError errors={[dashboardQuery.error, summaryQuery.error]} />
      <CRow className="g-3 mb-4" xs={{ cols: 2 }} lg={{ cols: 4 }}>
        <CCol>
          <Figure
            label={t('summary.conversations')}
            value={n(summary.total_conversations)}
            testId="figure-conversations"
          />
        </CCol>
        {SENTIMENTS.map((s) => (
          <CCol key={s}>
            <Figure label={t(`summary.${s}`)} value={n(summary[s])} testId={`figure-${s}`} />
          </CCol>
        ))}
      </CRow>
      <CRow className="g-3 mb-4">
        <CCol lg={8}>
          <ChartCard
            title={t('performance.title')}
            summary={t('performance.summary', overviewText)}
            table={{
              columns: [t('performance.date'), ...SENTIMENTS.map(label)],
              rows: dashboard.performance.map((p) => [
                day(p.date),
                n(p.positive),
                n(p.neutral),
                n(p.negative),
              ]),
            }}
            chart={
              <CChartBar
                data={{
                  labels: dashboard.performance.map((p) => day(p.date)),
                  datasets: SENTIMENTS.map((s) => ({
                    label: label(s),
                    data: dashboard.performance.map((p) => p[s]),
                    backgroundColor: fill[s],
                  })),
                }}
                options={{
                  ...options,
                  scales: {
                    x: { ...options.scales.x, stacked: true },
                    y: { ...options.scales.y, stacked: true },
                  },
                }}
                getElementAtEvent={(items) => {
                  const hit = items[0];
                  const s = hit && SENTIMENTS[hit.datasetIndex];
                  const point = hit && dashboard.performance[hit.index];
                  if (canOpen && s && point) open(s, point.date);
                }}
              />
            }
          />
        </CCol>
        <CCol lg={4}>
          <ChartCard
            title={t('overview.title')}
            summary={t('performance.summary', overviewText)}
            table={{
              columns: [t('overview.sentiment'), t('overview.turns')],
              rows: SENTIMENTS.map((s) => [label(s), n(dashboard.overview[s])]),
            }}
            chart={
              <CChartDoughnut
                data={{
                  labels: SENTIMENTS.map(label),
                  datasets: [
                    {
                      data: SENTIMENTS.map((s) => dashboard.overview[s]),
                      backgroundColor: SENTIMENTS.map((s) => fill[s]),
                      borderColor: colours.surface,
                    },
                  ],
                }}
                options={{ ...options, scales: {} }}
                getElementAtEvent={(items) => {
                  const s = items[0] && SENTIMENTS[items[0].index];
                  if (canOpen && s) open(s);
                }}
              />
            }
          >
            {canOpen && (
              <div className="d-flex flex-wrap gap-2 mb-2">
                {SENTIMENTS.map((s) => (
                  <CButton key={s} size="sm" color="primary" onClick={() => open(s)}>
                    {t('turns.open', { sentiment: label(s) })}
                  </CButton>
                ))}
              </div>
            )}
          </ChartCard>
        </CCol>
        <CCol md={6}>{productCard('popular', dashboard.popular_products)}</CCol>
        <CCol md={6}>{productCard('suggested', dashboard.suggested_products)}</CCol>
        <CCol xs={12}>
          <ProductListEditor onSaved={() => void dashboardQuery.refetch()} />
        </CCol>
      </CRow>
      {selection && <TurnsDialog selection={selection} onClose={() => setSelection(null)} />}
    </>
  );
}
