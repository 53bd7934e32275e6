import { CTable } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ChatEval } from '@contract/chat';

/** The eval matrix toggle: retrieval scores, how much of the answer is supported, timings. */
export function EvalMatrix({ evaluation }: { evaluation: ChatEval }) {
  const { t } = useTranslation('chat');
  const { timings } = evaluation;
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
                <td>{r.score.toFixed(3)}</td>
              </tr>
            ))}
          </tbody>
        </CTable>
      )}
      <p className="small mb-0">
        {t('eval.support', { percent: Math.round(evaluation.support * 100) })}
      </p>
      <p className="small mb-0 text-body-secondary">
        {t('eval.timings', {
          retrieval: Math.round(timings.retrieval_ms),
          generation: Math.round(timings.generation_ms),
          total: Math.round(timings.total_ms),
        })}
      </p>
    </section>
  );
}
