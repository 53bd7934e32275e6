import { CAlert } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';

/** Why the figures show empty (SPEC §4: a failed call resets them), in the reader's language. */
export function ReportError({ errors }: { errors: unknown[] }) {
  const { t } = useTranslation(['reports', 'errors']);
  const first = errors.find(Boolean);
  if (!first) return null;
  return (
    <CAlert color="danger" role="alert">
      {t('reports:loadFailed')} {errorText(t, toApiErrorData(first))}
    </CAlert>
  );
}
