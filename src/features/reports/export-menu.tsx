import { useState } from 'react';
import { CDropdown, CDropdownItem, CDropdownMenu, CDropdownToggle, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '@contract/api-paths';
import { EXPORT_FORMATS, type ExportFormat } from '@contract/reports';
import { useLibDispatch, type LibDispatch, type ThunkExtra } from '@/lib/store-types';
import { useCan } from '@/lib/session/use-can';
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

/** Export as pdf, csv or xlsx (SPEC §7, §9); shown only with Reports.DOWNLOAD (SPEC §6). */
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
  if (!can.right('Reports', 'DOWNLOAD')) return null;

  const run = async (format: ExportFormat) => {
    setBusy(true);
    setFailed(false);
    try {
      // The file speaks the console's language (its titles, headings and chart labels).
      const blob = await dispatch(
        loadExport({ ...filters, report, export_format: format, lng: i18n.language }),
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
      <CDropdown>
        <CDropdownToggle color="primary" disabled={busy}>
          {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
          {t('export.button')}
        </CDropdownToggle>
        <CDropdownMenu>
          {EXPORT_FORMATS.map((format) => (
            <CDropdownItem key={format} as="button" type="button" onClick={() => void run(format)}>
              {t(`export.${format}`)}
            </CDropdownItem>
          ))}
        </CDropdownMenu>
      </CDropdown>
    </div>
  );
}
