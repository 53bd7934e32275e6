import { useState } from 'react';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/numbers';
import { type SentimentArgs, useReportTurnsQuery } from './reports-api';

export interface TurnsSelection {
  title: string;
  args: SentimentArgs;
}

/** The turns behind a bar or a slice of the sentiment dashboard, 20 at a time. */
export function TurnsDialog({
  selection,
  onClose,
}: {
  selection: TurnsSelection;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const [page, setPage] = useState(1);
  const query = useReportTurnsQuery({ ...selection.args, page });
  const data = query.isError ? undefined : query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  return (
    <CModal
      visible
      onClose={onClose}
      size="xl"
      alignment="center"
      aria-labelledby="report-turns-title"
    >
      <CModalHeader>
        <CModalTitle id="report-turns-title">{selection.title}</CModalTitle>
      </CModalHeader>
      <CModalBody>
        {query.isFetching && (
          <CSpinner size="sm" className="mb-2" aria-label={t('turns.loading')} />
        )}
        {query.isError && <p className="text-danger">{t('loadFailed')}</p>}
        {data && (
          <>
            <p className="small text-body-secondary" data-testid="turns-total">
              {t('turns.total', { value: formatNumber(data.total, i18n.language) })}
            </p>
            <div className="table-responsive">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">{t('turns.asked')}</th>
                    <th scope="col">{t('filters.channel')}</th>
                    <th scope="col">{t('turns.question')}</th>
                    <th scope="col">{t('filters.sentiment')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((turn) => (
                    <tr key={turn.id}>
                      <td className="text-nowrap">
                        {formatDateTime(turn.asked_at, { locale: i18n.language })}
                      </td>
                      <td>
                        {t(
                          `filters.channels.${turn.channel === 'console' ? 'assistant' : 'widget'}`,
                        )}
                      </td>
                      <td>
                        <div>{turn.question}</div>
                        <div className="small text-body-secondary">{turn.answer}</div>
                      </td>
                      <td>{turn.sentiment ? t(`sentiment.${turn.sentiment}`) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton
          color="secondary"
          variant="outline"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          {t('turns.previous')}
        </CButton>
        <span className="small">
          {t('turns.page', {
            page: formatNumber(page, i18n.language),
            pages: formatNumber(pages, i18n.language),
          })}
        </span>
        <CButton
          color="secondary"
          variant="outline"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {t('turns.next')}
        </CButton>
        <CButton color="primary" onClick={onClose}>
          {t('turns.close')}
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
