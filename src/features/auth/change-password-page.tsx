import { useState, type FormEvent } from 'react';
import { CAlert, CCard, CCardBody, CCol, CForm, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema } from '@contract/auth';
import { FormField } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/form-parts';
import { PageHeading } from '@/components/page-heading';

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
              <FormError error={serverError} />
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
                <SubmitButton busy={isLoading}>{t('changePassword.submit')}</SubmitButton>
              </CForm>
            </CCardBody>
          </CCard>
        </CCol>
      </CRow>
    </>
  );
}
