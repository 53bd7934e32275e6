import { useId, useState } from 'react';
import {
  CButton,
  CFormCheck,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '@contract/api-paths';
import { EXPORT_FORMATS, type ExportFormat } from '@contract/reports';
import { useLibDispatch, type LibDispatch, type ThunkExtra } from '@/lib/store-types';
import { useCan } from '@/lib/session/use-can';
import { SECTION_LABELS, useExportSections } from './export-sections';
import type { ReportArgs, SentimentArgs } from './reports-api';

/** The file with the session's headers (a plain link could not send them). */
const loadExport =
  (query: Record<string, string | number | undefined>) =>
  (_dispatch: LibDispatch, _getState: () => unknown, extra: ThunkExtra): Promise<Blob> =>
    extra.http.request<Blob>(apiRoutes.analyticsExport, { query, responseType: 'blob' });

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Export as pdf, csv or xlsx (SPEC §7, §9); shown only with Reports.DOWNLOAD (SPEC §6). The
 * button opens a dialog: the sections to include (export-sections.ts), then the format, which
 * downloads the file with the page's filters and `section_numbers`.
 */
export function ExportMenu({
  report,
  filters,
}: {
  report: 'analytics' | 'sentiment';
  /** The sentiment report's file follows its page's sentiment, products and grouping too. */
  filters: ReportArgs | SentimentArgs;
}) {
  const { t, i18n } = useTranslation('reports');
  const can = useCan();
  const dispatch = useLibDispatch();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const sections = useExportSections(report);
  const titleId = useId();
  const hintId = useId();
  if (!can.right('Reports', 'DOWNLOAD')) return null;

  const run = async (format: ExportFormat) => {
    setBusy(true);
    setFailed(false);
    setOpen(false);
    try {
      // The file speaks the console's language (its titles, headings and chart labels).
      const blob = await dispatch(
        loadExport({
          ...filters,
          report,
          export_format: format,
          lng: i18n.language,
          section_numbers: sections.picked.join(','),
        }),
      );
      save(blob, `${report}-${filters.start_date}_${filters.end_date}.${format}`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="d-flex align-items-center gap-2">
      {failed && (
        <span className="text-danger small" role="alert">
          {t('export.failed')}
        </span>
      )}
      <CButton color="primary" disabled={busy} onClick={() => setOpen(true)}>
        {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
        {t('export.button')}
      </CButton>
      <CModal
        visible={open}
        onClose={() => setOpen(false)}
        alignment="center"
        aria-labelledby={titleId}
      >
        <CModalHeader>
          <CModalTitle id={titleId}>{t('export.title')}</CModalTitle>
        </CModalHeader>
        <CModalBody>
          <fieldset>
            <legend className="fs-6 fw-semibold">{t('export.sections')}</legend>
            {SECTION_LABELS[report].map(([name, labelKey], i) => (
              <CFormCheck
                key={name}
                id={`export-section-${name}`}
                label={t(labelKey)}
                checked={sections.picked.includes(i + 1)}
                onChange={() => sections.toggle(i + 1)}
              />
            ))}
          </fieldset>
          {!sections.picked.length && (
            <p id={hintId} className="text-danger small mt-2 mb-0" role="alert">
              {t('export.noSection')}
            </p>
          )}
        </CModalBody>
        <CModalFooter className="justify-content-start">
          <span className="fw-semibold me-auto">{t('export.format')}</span>
          {EXPORT_FORMATS.map((format) => (
            <CButton
              key={format}
              color="primary"
              variant="outline"
              disabled={!sections.picked.length}
              aria-describedby={sections.picked.length ? undefined : hintId}
              onClick={() => void run(format)}
            >
              {t(`export.${format}`)}
            </CButton>
          ))}
        </CModalFooter>
      </CModal>
    </div>
  );
}
