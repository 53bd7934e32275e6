import { useEffect } from 'react';
import { CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useLibDispatch } from '@/lib/store-types';
import { isCancelled } from './chat-thunks';
import { loadKeptChart } from './answer-action-thunks';
import { chartDismissed } from './chat-slice';
import type { ChatMessage } from './chat-state';
import { DatabaseChartDetails, DatabaseChartSummary, fromDatabase } from './database-chart-details';

const EXTENSIONS: Record<string, string> = { 'image/svg+xml': 'svg', 'image/png': 'png' };

/**
 * A chart drawn by POST /chat/generate_visual, shown from its object URL, with a download; one
 * from a database source says what it computes and lays its rows out under it. A chart kept
 * with a reopened answer is drawn again by the server when the answer is shown. Remove hides
 * the chart here; it stays kept with the answer and comes back when the conversation is opened
 * again, as the answer's text does.
 */
export function VisualAnswer({ message }: { message: ChatMessage }) {
  const { t } = useTranslation(['chat', 'errors']);
  const dispatch = useLibDispatch();
  const visual = message.visual;
  const kept = visual?.status === 'idle';
  useEffect(() => {
    if (kept) void dispatch(loadKeptChart({ id: message.id }));
  }, [dispatch, kept, message.id]);
  if (!visual) return null;
  if (visual.status === 'loading' || visual.status === 'idle')
    return (
      <div className="small text-body-secondary mt-2" role="status">
        <CSpinner size="sm" className="me-2" aria-hidden="true" />
        {t('chart.loading')}
      </div>
    );
  if (visual.problem) {
    const { problem } = visual;
    const text =
      problem.kind === 'noChart'
        ? t('chart.noChart', {
            reason: problem.code
              ? t(`chart.reasons.${problem.code}`, { table: problem.table ?? '' })
              : problem.reason,
          })
        : isCancelled(problem.error)
          ? t('cancelled')
          : t('chart.failed', { message: errorText(t, problem.error) });
    return (
      <p className="small text-danger mt-2 mb-0" role="alert">
        {text}
      </p>
    );
  }
  if (!visual.url) return null;
  const { route } = visual;
  const database = fromDatabase(route) ? route : null;
  const table = database
    ? t('chart.database.table', {
        table: database.db_source.table,
        source: database.db_source.name,
      })
    : route?.table?.sheet
      ? `${route.table.document_name} (${route.table.sheet})`
      : (route?.table?.document_name ?? '');
  const columns = (route?.columns ?? []).join(', ');
  const extension = EXTENSIONS[visual.mimeType ?? ''] ?? 'svg';
  return (
    <figure className="chat-visual mt-2 mb-0">
      {database && <DatabaseChartSummary route={database} />}
      <img src={visual.url} alt={t('chart.alt', { columns, table })} className="img-fluid" />
      <figcaption className="d-flex flex-wrap align-items-center gap-2 small mt-1">
        <span className="text-body-secondary">{t('chart.caption', { table, columns })}</span>
        <a
          className="btn btn-sm btn-outline-primary"
          href={visual.url}
          download={`chart-${message.details?.messageId ?? 'answer'}.${extension}`}
        >
          {t('chart.download')}
        </a>
        <CButton
          size="sm"
          color="secondary"
          variant="ghost"
          onClick={() => dispatch(chartDismissed(message.id))}
        >
          {t('chart.dismiss')}
        </CButton>
      </figcaption>
      {database && <DatabaseChartDetails route={database} />}
    </figure>
  );
}
