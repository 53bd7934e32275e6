/**
 * The errors of a form that sends to the API: the client's own findings before sending, then
 * for a refused send the server's field errors beside their fields (and codes that concern one
 * field, `codeFields`), otherwise the whole reason above the form; a toast says it either way.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { serverFieldErrors, type FieldErrors } from '@/lib/form-errors';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

export function useFormErrors(codeFields: Record<string, string> = {}) {
  const { t } = useTranslation('errors');
  const dispatch = useLibDispatch();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  return {
    errors,
    serverError,
    /** Before sending: what the form found itself; the last server error goes. */
    start(found: FieldErrors) {
      setErrors(found);
      setServerError(null);
    },
    /** A refused send; answers the error's data for anything the form adds. */
    fail(error: unknown): ApiErrorData {
      const data = toApiErrorData(error);
      const beside = serverFieldErrors(data, codeFields);
      setErrors(beside);
      if (Object.keys(beside).length === 0) setServerError(data);
      dispatch(toastAdded({ message: errorText(t, data), color: 'danger' }));
      return data;
    },
  };
}
