import { useMemo, useState } from 'react';
import { CAlert, CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { MailMessageDetail } from '@contract/email-mailbox';
import { formatDateTime } from '@/lib/dates';
import { AttachmentLink } from './attachment-link';
import { useMailMessageQuery } from './email-agent-api';
import { useInlineImages } from './inline-images';
import { frameDocument, safeMailHtml } from './safe-html';

const who = (a: { address: string; name: string }) =>
  a.name ? `${a.name} <${a.address}>` : a.address;

/** One message: its headers, attachments and body (HTML sanitised in a sandboxed frame). */
export function MessageView({ account, id }: { account: string; id: number }) {
  const { t, i18n } = useTranslation('email-agent');
  const query = useMailMessageQuery({ id: account, message: id });
  if (query.isLoading) return <CSpinner size="sm" aria-label={t('common:loading')} />;
  if (!query.data) return <CAlert color="warning">{t('messageMissing')}</CAlert>;
  const m = query.data;
  // Parts the HTML shows (cid: images) are in the body, not among the files.
  const files = m.attachments.filter((a) => !(a.inline && m.html));
  return (
    <article className="border rounded p-3 mb-3" data-testid="mail-message">
      <dl className="row small mb-2">
        <dt className="col-sm-2">{t('fields.from')}</dt>
        <dd className="col-sm-10 text-break">{who(m.from)}</dd>
        <dt className="col-sm-2">{t('fields.to')}</dt>
        <dd className="col-sm-10 text-break">{m.to.map(who).join(', ')}</dd>
        {m.cc.length > 0 && (
          <>
            <dt className="col-sm-2">{t('fields.cc')}</dt>
            <dd className="col-sm-10 text-break">{m.cc.map(who).join(', ')}</dd>
          </>
        )}
        <dt className="col-sm-2">{t('fields.date')}</dt>
        <dd className="col-sm-10">{formatDateTime(m.date, { locale: i18n.language })}</dd>
      </dl>
      <h3 className="h6">{m.subject || t('noSubject')}</h3>
      {files.length > 0 && (
        <ul className="list-inline small" aria-label={t('attachments')}>
          {files.map((a) => (
            <li key={a.id} className="list-inline-item">
              <AttachmentLink account={account} message={m.id} attachment={a} />
            </li>
          ))}
        </ul>
      )}
      <MessageBody account={account} message={m} dir={i18n.dir()} />
    </article>
  );
}

function MessageBody(props: { account: string; message: MailMessageDetail; dir: 'ltr' | 'rtl' }) {
  const { account, message, dir } = props;
  const { t } = useTranslation('email-agent');
  const [allowImages, setAllowImages] = useState(false);
  const parts = useInlineImages(message, account);
  const safe = useMemo(
    () => (message.html ? safeMailHtml(message.html, allowImages, parts) : null),
    [message.html, allowImages, parts],
  );
  if (!safe) return <pre className="mail-text">{message.text}</pre>;
  return (
    <>
      {safe.blocked > 0 && !allowImages && (
        <CAlert color="info" className="d-flex align-items-center gap-2 py-2">
          <span>{t('imagesBlocked', { count: safe.blocked })}</span>
          <CButton size="sm" color="secondary" onClick={() => setAllowImages(true)}>
            {t('showImages')}
          </CButton>
        </CAlert>
      )}
      <iframe
        className="mail-frame"
        title={t('messageBody')}
        // No allow-scripts, no allow-same-origin: the mail runs nothing and reads nothing.
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={frameDocument(safe.html, allowImages, dir)}
      />
    </>
  );
}
