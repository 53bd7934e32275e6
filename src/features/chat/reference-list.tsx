import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ChatReference } from '@contract/chat';

/** Where in the document the passage is: page, or sheet and rows. */
function positionText(t: (key: string, o?: Record<string, unknown>) => string, r: ChatReference) {
  if (r.page !== null) return t('references.page', { page: r.page });
  // A csv file has no sheets: the server names its one table 'csv', which nobody should read.
  if (r.sheet === 'csv' && r.row_start !== null)
    return t('references.rows', { from: r.row_start, to: r.row_end ?? r.row_start });
  if (r.sheet !== null && r.row_start !== null)
    return t('references.sheetRows', {
      sheet: r.sheet,
      from: r.row_start,
      to: r.row_end ?? r.row_start,
    });
  if (r.sheet !== null) return t('references.sheet', { sheet: r.sheet });
  return '';
}

const isWebAddress = (name: string) => /^https?:\/\//i.test(name);

/**
 * The references toggle: each cited passage with its document, position, snippet and source.
 * Without `onOpen` (a widget visitor may not download documents) there is no Open button.
 */
export function ReferenceList({
  references,
  onOpen,
}: {
  references: ChatReference[];
  onOpen?: (reference: ChatReference) => void;
}) {
  const { t } = useTranslation('chat');
  if (references.length === 0) return null;
  return (
    <section className="chat-references mt-2" aria-label={t('references.heading')}>
      <h3 className="h6 mb-1">{t('references.heading')}</h3>
      <ol className="list-unstyled mb-0">
        {references.map((r) => {
          const position = positionText(t, r);
          return (
            <li
              key={`${r.n}-${r.document_id}`}
              className="chat-reference"
              data-testid="chat-reference"
            >
              <div className="d-flex flex-wrap align-items-baseline gap-2">
                <span className="fw-semibold">[{r.n}]</span>
                {/* A web page (or a pdf with a metadata title) shows its title, then its address. */}
                <span className="text-break">{r.document_title ?? r.document_name}</span>
                {r.document_title && (
                  <span className="text-body-secondary small text-break">{r.document_name}</span>
                )}
                {position && <span className="text-body-secondary small">{position}</span>}
                {r.heading && r.heading !== r.document_title && (
                  <span className="text-body-secondary small">· {r.heading}</span>
                )}
                {onOpen && (
                  <CButton
                    size="sm"
                    color="primary"
                    variant="ghost"
                    aria-label={t('references.openNamed', { n: r.n, name: r.document_name })}
                    onClick={() => onOpen(r)}
                  >
                    {t('references.open')}
                  </CButton>
                )}
                {r.is_url && isWebAddress(r.document_name) && (
                  <a
                    className="small"
                    href={r.document_name}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t('references.visit')}
                  </a>
                )}
              </div>
              {r.snippet && <blockquote className="chat-snippet mb-1">{r.snippet}</blockquote>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
