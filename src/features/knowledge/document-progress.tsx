import { useTranslation } from 'react-i18next';
import type { KnowledgeDocument } from '@contract/knowledge';

/**
 * What a queued or processing document is doing while it takes long: reading its scanned pages
 * with OCR, page by page (a bar and "3 of 12"), or the text of an image. Scans are read in the
 * background, so the person sees that the wait is progress, not a stuck upload.
 */
export function DocumentProgressLine({ doc }: { doc: KnowledgeDocument }) {
  const { t } = useTranslation('knowledge');
  const progress = doc.progress;
  if (!progress || (doc.status !== 'queued' && doc.status !== 'processing')) return null;
  if (doc.type !== 'pdf')
    return (
      <div className="small text-body-secondary mt-1" data-testid="document-progress">
        {t('documentProgress.ocrImage')}
      </div>
    );
  const { done, total } = progress;
  const percent = total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
  return (
    <div className="small text-body-secondary mt-1" data-testid="document-progress">
      <div>{t('documentProgress.ocrPages', { done, total })}</div>
      <div
        className="progress mt-1"
        style={{ height: 4, maxWidth: 160 }}
        role="progressbar"
        aria-label={t('documentProgress.ocrPagesOf', { name: doc.name })}
        aria-valuenow={done}
        aria-valuemin={0}
        aria-valuemax={total}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
