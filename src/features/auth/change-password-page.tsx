import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CCard, CCardBody, CCol, CForm, CRow, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema } from '@contract/auth';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { errorText } from '@/lib/error-text';
import { serverFieldErrors, validateWith, type FieldErrors } from '@/lib/form-errors';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useChangePasswordMutation } from './auth-api';
import { NewPasswordFields, confirmError, type NewPasswordValues } from './new-password-fields';

/** The contract names the new password `new_password`; the shared fields call it `password`. */
function toFormErrors(errors: FieldErrors): FieldErrors {
  const { new_password, ...rest } = errors;
  return new_password ? { ...rest, password: new_password } : rest;
}

/** /change-password: the signed-in user's own password; other sessions end on the server. */
export function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [change, { isLoading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(changePasswordBodySchema, {
      old_password: current,
      new_password: values.password,
    });
    const found = { ...toFormErrors(checked.errors ?? {}), ...confirmError(values) };
    setErrors(found);
    setServerError(null);
    setDone(false);
    if (!checked.data || Object.keys(found).length > 0) return;
    try {
      await change(checked.data).unwrap();
      setDone(true);
      setCurrent('');
      setValues({ password: '', confirm: '' });
    } catch (e) {
      const data = toApiErrorData(e);
      const beside = toFormErrors(serverFieldErrors(data));
      setErrors(beside);
      if (Object.keys(beside).length === 0) setServerError(data);
    }
  }

  return (
    <>
      <PageHeading>{t('changePassword.title')}</PageHeading>
      <CRow>
        <CCol lg={7} xl={6}>
          <CCard>
            <CCardBody>
              {done && (
                <CAlert color="success" role="status">
                  {t('changePassword.done')}
                </CAlert>
              )}
              {serverError && (
                <CAlert color="danger" role="alert">
                  {errorText(t, serverError)}
                </CAlert>
              )}
              <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
                <FormField
                  label={t('fields.currentPassword')}
                  type="password"
                  name="current-password"
                  autoComplete="current-password"
                  value={current}
                  onChange={(e) => setCurrent(e.target.value)}
                  error={errors.old_password ? t(errors.old_password) : null}
                  required
                />
                <NewPasswordFields values={values} errors={errors} onChange={setValues} />
                <CButton type="submit" color="primary" disabled={isLoading}>
                  {isLoading && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
                  {t('changePassword.submit')}
                </CButton>
              </CForm>
            </CCardBody>
          </CCard>
        </CCol>
      </CRow>
    </>
  );
}
