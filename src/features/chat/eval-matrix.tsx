import { CTable } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ChatEval } from '@contract/chat';
import { formatNumber, formatPercent } from '@/lib/numbers';

/** The eval matrix toggle: retrieval scores, how much of the answer is supported, timings. */
export function EvalMatrix({ evaluation }: { evaluation: ChatEval }) {
  const { t, i18n } = useTranslation('chat');
  const { timings } = evaluation;
  const ms = (value: number) => formatNumber(value, i18n.language, { maxDigits: 0 });
  return (
    <section className="chat-eval mt-2" aria-label={t('eval.heading')}>
      <h3 className="h6 mb-1">{t('eval.heading')}</h3>
      {evaluation.retrieval.length > 0 && (
        <CTable small bordered className="mb-1 w-auto">
          <thead>
            <tr>
              <th scope="col">{t('eval.reference')}</th>
              <th scope="col">{t('eval.chunk')}</th>
              <th scope="col">{t('eval.score')}</th>
            </tr>
          </thead>
          <tbody>
            {evaluation.retrieval.map((r) => (
              <tr key={`${r.n}-${r.chunk_id}`}>
                <td>[{r.n}]</td>
                <td>{r.chunk_id}</td>
                <td>{formatNumber(r.score, i18n.language, { digits: 3 })}</td>
              </tr>
            ))}
          </tbody>
        </CTable>
      )}
      <p className="small mb-0">
        {t('eval.support', { percent: formatPercent(evaluation.support * 100, i18n.language, 0) })}
      </p>
      <p className="small mb-0 text-body-secondary">
        {t('eval.timings', {
          retrieval: ms(timings.retrieval_ms),
          generation: ms(timings.generation_ms),
          total: ms(timings.total_ms),
        })}
      </p>
    </section>
  );
}
