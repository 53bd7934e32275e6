import {
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '@/components/soft-badge';
import { UploadProgress } from '@/components/upload-progress';

/** A file's state on the upload screen: SPEC §3 upload item statuses, before the send "ready". */
export type SopUploadStatus = 'ready' | 'Uploading' | 'Success' | 'Fail';

export interface SopUploadRow {
  file: File;
  kind: 'sop' | 'reference';
  status: SopUploadStatus;
  /** 0–100 while Uploading. */
  progress: number;
}

const size = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: bytes < 1024 * 1024 ? 'kilobyte' : 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes < 1024 * 1024 ? bytes / 1024 : bytes / (1024 * 1024));

/**
 * The files of an upload, one row each (SPEC §3 upload item, §4 upload states). The SOPs and
 * references go in one all-or-nothing request, so every row shows that request's progress while
 * it is Uploading, and then all Success or all Fail.
 */
export function SopUploadRows({ rows }: { rows: readonly SopUploadRow[] }) {
  const { t, i18n } = useTranslation('sop');
  if (rows.length === 0) return null;
  return (
    <CTable responsive small align="middle" className="mb-3">
      <caption className="visually-hidden">{t('uploadRowsCaption')}</caption>
      <CTableHead>
        <CTableRow>
          <CTableHeaderCell scope="col">{t('fields.name')}</CTableHeaderCell>
          <CTableHeaderCell scope="col">{t('fileKind')}</CTableHeaderCell>
          <CTableHeaderCell scope="col">{t('fileSize')}</CTableHeaderCell>
          <CTableHeaderCell scope="col">{t('fields.status')}</CTableHeaderCell>
        </CTableRow>
      </CTableHead>
      <CTableBody>
        {rows.map((row, n) => (
          <CTableRow key={`${row.kind}-${n}`} data-testid="sop-upload-row">
            <CTableHeaderCell scope="row" className="text-break fw-normal">
              {row.file.name}
            </CTableHeaderCell>
            <CTableDataCell>{t(`fileKinds.${row.kind}`)}</CTableDataCell>
            <CTableDataCell className="text-nowrap">
              <bdi>{size(row.file.size, i18n.language)}</bdi>
            </CTableDataCell>
            <CTableDataCell style={{ minWidth: 200 }}>
              <RowStatus row={row} />
            </CTableDataCell>
          </CTableRow>
        ))}
      </CTableBody>
    </CTable>
  );
}

function RowStatus({ row }: { row: SopUploadRow }) {
  const { t } = useTranslation('sop');
  if (row.status === 'Uploading')
    return (
      <UploadProgress
        progress={row.progress}
        label={t('progressOf', { name: row.file.name })}
        text={t('uploadStatus.Uploading')}
      />
    );
  const tone =
    row.status === 'Success' ? 'success' : row.status === 'Fail' ? 'danger' : 'secondary';
  return <SoftBadge tone={tone}>{t(`uploadStatus.${row.status}`)}</SoftBadge>;
}
