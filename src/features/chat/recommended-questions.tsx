import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@/lib/session/session-slice';
import { PendingLine } from './answer-status';

/** Follow-up questions from POST /chat/get-rec-ques; a chip sends its question. */
export function RecommendedQuestions({
  questions,
  status,
  disabled,
  onAsk,
}: {
  questions: string[];
  status: RequestStatus;
  disabled: boolean;
  onAsk: (question: string) => void;
}) {
  const { t } = useTranslation('chat');
  if (status === 'loading') return <PendingLine text={t('recommended.loading')} className="mb-2" />;
  if (questions.length === 0) return null;
  return (
    <section className="chat-recommended mb-2" aria-label={t('recommended.heading')}>
      <h2 className="h6 mb-1">{t('recommended.heading')}</h2>
      <div className="d-flex flex-wrap gap-2">
        {questions.map((q) => (
          <CButton
            key={q}
            size="sm"
            color="info"
            variant="outline"
            shape="rounded-pill"
            className="text-start"
            disabled={disabled}
            onClick={() => onAsk(q)}
          >
            {q}
          </CButton>
        ))}
      </div>
    </section>
  );
}
