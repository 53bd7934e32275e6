/**
 * A form's values and errors: the client's own findings before sending (contract schemas give
 * i18n keys), then for a refused send the server's field errors beside their fields (and codes
 * that concern one field, `codeFields`), otherwise the whole reason above the form, and, where
 * the screen wants one, a toast. `text(name)` wires a FormField or TextareaField to a value.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { serverFieldErrors, type FieldErrors } from '@/lib/form-errors';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface FormOptions {
  /** Refusal codes that concern one field: { NAME_TAKEN: 'name' }. */
  codeFields?: Record<string, string>;
  /** Toast a refused send too (pages whose form stays on screen say it in place only). */
  toast?: boolean;
  /** Renames the server's field names to the form's (e.g. new_password -> password). */
  fieldNames?: Record<string, string>;
}

function renamed(errors: FieldErrors, names: Record<string, string> = {}): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [names[k] ?? k, v]));
}

export function useForm<V extends object>(initial: V | (() => V), options: FormOptions = {}) {
  const { t } = useTranslation('errors');
  const dispatch = useLibDispatch();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<ApiErrorData | null>(null);
  const set = <K extends keyof V>(name: K, value: V[K]) =>
    setValues((v) => ({ ...v, [name]: value }));
  const error = (name: string) => (errors[name] ? t(errors[name]) : null);
  return {
    values,
    setValues,
    set,
    errors,
    serverError,
    /** The translated error of a field, or null. */
    error,
    /** name, value, onChange and error of a text field. */
    text: <K extends TextKeys<V>>(name: K) => ({
      name,
      value: values[name] as string,
      onChange: (e: { target: { value: string } }) => set(name, e.target.value as V[K]),
      error: error(name),
    }),
    /** Before sending: what the form found itself; the last server error goes. */
    start(found: FieldErrors) {
      setErrors(renamed(found, options.fieldNames));
      setServerError(null);
    },
    /** A refused send; answers the error's data for anything the form adds. */
    fail(failure: unknown): ApiErrorData {
      const data = toApiErrorData(failure);
      const beside = renamed(serverFieldErrors(data, options.codeFields), options.fieldNames);
      setErrors(beside);
      if (Object.keys(beside).length === 0) setServerError(data);
      if (options.toast) dispatch(toastAdded({ message: errorText(t, data), color: 'danger' }));
      return data;
    },
  };
}
