import {
  CBadge,
  CButton,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { extensionOf } from '@contract/knowledge';
import { badgeTone } from './badge-tone';
import { formatBytes } from './format';
import { uploadRefusalText } from './server-text';
import { errorText } from '@/lib/error-text';
import type { FileToUpload, UploadItem } from './upload-slice';
import { UploadProgress } from '@/components/upload-progress';

/** Files chosen but not sent yet: name, size, type, and a way to take one out. */
export function SelectedFiles({
  files,
  onRemove,
}: {
  files: FileToUpload[];
  onRemove: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('knowledge');
  return (
    <CTable responsive small align="middle" className="mb-3">
      <caption className="visually-hidden">{t('upload.selectedCaption')}</caption>
      <Head withAction />
      <CTableBody>
        {files.map(({ id, file }) => (
          <CTableRow key={id}>
            <CTableHeaderCell scope="row" className="text-break fw-normal">
              {file.name}
            </CTableHeaderCell>
            <CTableDataCell className="text-nowrap">
              <bdi>{formatBytes(file.size, i18n.language)}</bdi>
            </CTableDataCell>
            <CTableDataCell>{extensionOf(file.name)}</CTableDataCell>
            <CTableDataCell className="text-end">
              <CButton
                size="sm"
                color="secondary"
                variant="ghost"
                aria-label={t('upload.removeNamed', { name: file.name })}
                onClick={() => onRemove(id)}
              >
                {t('upload.remove')}
              </CButton>
            </CTableDataCell>
          </CTableRow>
        ))}
      </CTableBody>
    </CTable>
  );
}

/** The files of the last upload: a progress bar while Uploading, then Success or Fail (SPEC §4). */
export function UploadedFiles({ items }: { items: UploadItem[] }) {
  const { t, i18n } = useTranslation('knowledge');
  return (
    <CTable responsive small align="middle" className="mb-0">
      <caption className="visually-hidden">{t('upload.uploadsCaption')}</caption>
      <Head />
      <CTableBody>
        {items.map((item) => (
          <CTableRow key={item.id} data-testid="upload-row">
            <CTableHeaderCell scope="row" className="text-break fw-normal">
              {item.name}
            </CTableHeaderCell>
            <CTableDataCell className="text-nowrap">
              <bdi>{formatBytes(item.size, i18n.language)}</bdi>
            </CTableDataCell>
            <CTableDataCell>{item.type}</CTableDataCell>
            <CTableDataCell style={{ minWidth: 200 }}>
              <ItemStatus item={item} />
            </CTableDataCell>
          </CTableRow>
        ))}
      </CTableBody>
    </CTable>
  );
}

function Head({ withAction = false }: { withAction?: boolean }) {
  const { t } = useTranslation('knowledge');
  return (
    <CTableHead>
      <CTableRow>
        <CTableHeaderCell scope="col">{t('fields.name')}</CTableHeaderCell>
        <CTableHeaderCell scope="col">{t('fields.size')}</CTableHeaderCell>
        <CTableHeaderCell scope="col">{t('fields.type')}</CTableHeaderCell>
        <CTableHeaderCell scope="col" className={withAction ? 'text-end' : undefined}>
          {withAction ? (
            <span className="visually-hidden">{t('actions')}</span>
          ) : (
            t('fields.status')
          )}
        </CTableHeaderCell>
      </CTableRow>
    </CTableHead>
  );
}

function ItemStatus({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation('knowledge');
  if (item.status === 'Uploading')
    return (
      <UploadProgress
        progress={item.progress}
        label={t('upload.progressOf', { name: item.name })}
        text={t('itemStatus.Uploading')}
      />
    );
  const success = item.status === 'Success';
  return (
    <div>
      <CBadge className={badgeTone(success ? 'success' : 'danger')}>
        {t(`itemStatus.${item.status}`)}
      </CBadge>
      {item.message && !success && (
        <span className="d-block mt-1 small text-danger-emphasis" data-testid="upload-reason">
          {item.failure && !item.code
            ? errorText(t, item.failure)
            : uploadRefusalText(t, i18n.language, { ...item, message: item.message })}
        </span>
      )}
    </div>
  );
}
