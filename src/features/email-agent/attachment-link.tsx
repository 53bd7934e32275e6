import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { fillRoute } from '@contract/api-paths';
import { emailRoutes } from '@contract/email-agents';
import { useHttp } from '@/lib/http-context';

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An attachment: read through lib/http (it needs the token), then saved by the browser. */
export function AttachmentLink(props: {
  account: string;
  message: number;
  attachment: { id: number; filename: string; size: number; not_kept?: string | null };
}) {
  const { t } = useTranslation('email-agent');
  const http = useHttp();
  const { account, message, attachment } = props;
  async function download() {
    const url = fillRoute(emailRoutes.attachment, {
      email_id: account,
      message,
      attachment: attachment.id,
    });
    saveBlob(await http.request<Blob>(url, { responseType: 'blob' }), attachment.filename);
  }
  if (attachment.not_kept)
    return (
      <span className="text-body-secondary">
        {t('notKept', { name: attachment.filename, size: Math.ceil(attachment.size / 1024) })}
      </span>
    );
  return (
    <CButton size="sm" color="link" className="p-0" onClick={() => void download()}>
      {t('download', { name: attachment.filename, size: Math.ceil(attachment.size / 1024) })}
    </CButton>
  );
}
