import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useDownloadAttachmentMutation } from './email-agent-api';

/** An attachment: read with the token, then saved by the browser. */
export function AttachmentLink(props: {
  account: string;
  message: number;
  attachment: { id: number; filename: string; size: number; not_kept?: string | null };
}) {
  const { t } = useTranslation('email-agent');
  const [download] = useDownloadAttachmentMutation();
  const { account, message, attachment } = props;
  if (attachment.not_kept)
    return (
      <span className="text-body-secondary">
        {t('notKept', { name: attachment.filename, size: Math.ceil(attachment.size / 1024) })}
      </span>
    );
  return (
    <CButton
      size="sm"
      color="link"
      className="p-0"
      onClick={() =>
        void download({
          id: account,
          message,
          part: attachment.id,
          filename: attachment.filename,
        })
      }
    >
      {t('download', { name: attachment.filename, size: Math.ceil(attachment.size / 1024) })}
    </CButton>
  );
}
