import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import type { FieldErrors } from '@/lib/form-errors';

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** "New password" and "Confirm password", shared by reset and change password. */
export function NewPasswordFields({
  values,
  errors,
  onChange,
}: {
  values: NewPasswordValues;
  errors: FieldErrors;
  onChange: (values: NewPasswordValues) => void;
}) {
  const { t } = useTranslation(['auth', 'validation']);
  return (
    <>
      <FormField
        label={t('fields.newPassword')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        value={values.password}
        onChange={(e) => onChange({ ...values, password: e.target.value })}
        error={errors.password ? t(errors.password) : null}
        required
      />
      <FormField
        label={t('fields.confirmPassword')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => onChange({ ...values, confirm: e.target.value })}
        error={errors.confirm ? t(errors.confirm) : null}
        required
      />
    </>
  );
}

/** Mismatch check for the confirm field (the contract validates the password itself). */
export function confirmError(values: NewPasswordValues): FieldErrors {
  return values.password === values.confirm ? {} : { confirm: 'validation:passwordMismatch' };
}
