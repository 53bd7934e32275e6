import { CAlert } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import type { ApiErrorData } from '@/lib/http';

/** Why a send was refused, when it concerns no single field. */
export function FormError({ error }: { error: ApiErrorData | null }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  return (
    <CAlert color="danger" role="alert">
      {errorText(t, error)}
    </CAlert>
  );
}
