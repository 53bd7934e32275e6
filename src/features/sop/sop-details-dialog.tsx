import {
  CAlert,
  CButton,
  CForm,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sopDetailsSchema, type SopDocument } from '@contract/sop';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { errorText } from '@/lib/error-text';
import { serverFieldErrors, validateWith, type FieldErrors } from '@/lib/form-errors';
import { toApiErrorData, type ApiErrorData } from '@/lib/http';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useEditSopDetailsMutation, useSopClientsQuery } from './sop-api';
import { SopNameField } from './sop-name-field';

type Values = Record<'name' | 'department_id' | 'client_id' | 'industry' | 'product_type', string>;

const valuesOf = (doc: SopDocument): Values => ({
  name: doc.name,
  department_id: String(doc.department_id),
  client_id: String(doc.client_id),
  industry: doc.industry,
  product_type: doc.product_type,
});

/** The server's words for a field that are not i18n keys, as the upload form says them. */
const SERVER_WORDS: Record<string, Record<string, string>> = {
  department_id: { not_found: 'sop:errors.department', forbidden: 'sop:errors.moveForbidden' },
  client_id: { not_found: 'sop:errors.client' },
};

/**
 * Changes an SOP's name and what its upload set (department, client, industry, product type),
 * checked with the upload's own schema before sending; the server's refusals stand beside their
 * fields. The department choices are those where the person may change SOPs (the server's
 * rule for moving one), with the SOP's own department always among them.
 */
export function SopDetailsDialog({ doc, onClose }: { doc: SopDocument; onClose: () => void }) {
  const { t } = useTranslation(['sop', 'validation', 'errors']);
  const titleId = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(doc));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<ApiErrorData | null>(null);
  const [save, state] = useEditSopDetailsMutation();
  const clients = useSopClientsQuery();
  const { departments } = useDepartmentChoices('Sop', 'UPDATE');
  const choices = departments.some((d) => d.id === doc.department_id)
    ? departments
    : [{ id: doc.department_id, name: doc.department_name }, ...departments];
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const error = (key: keyof Values) => {
    const found = errors[key];
    return found ? t(SERVER_WORDS[key]?.[found] ?? found) : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = validateWith(sopDetailsSchema, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    try {
      await save({ id: doc.id, details: checked.data }).unwrap();
      onClose();
    } catch (e) {
      const data = toApiErrorData(e);
      const beside = serverFieldErrors(data);
      setErrors(beside);
      if (Object.keys(beside).length === 0) setFailure(data);
    }
  }

  return (
    <CModal
      visible
      onClose={onClose}
      alignment="center"
      aria-labelledby={titleId}
      backdrop="static"
    >
      <CForm onSubmit={(e) => void submit(e)} noValidate>
        <CModalHeader>
          <CModalTitle id={titleId}>{t('detailsEditTitle', { name: doc.name })}</CModalTitle>
        </CModalHeader>
        <CModalBody>
          {failure && (
            <CAlert color="danger" role="alert">
              {errorText(t, failure)}
            </CAlert>
          )}
          <FormField
            label={t('fields.name')}
            value={values.name}
            maxLength={200}
            error={error('name')}
            onChange={(e) => set('name')(e.target.value)}
          />
          <SelectField
            label={t('fields.department')}
            value={values.department_id}
            error={error('department_id')}
            onChange={(e) => set('department_id')(e.target.value)}
          >
            {choices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('fields.client')}
            value={values.client_id}
            error={error('client_id')}
            onChange={(e) => set('client_id')(e.target.value)}
          >
            {(clients.data?.items ?? [{ id: doc.client_id, name: doc.client_name }]).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SopNameField
            which="industries"
            label={t('fields.industry')}
            value={values.industry}
            error={error('industry')}
            onChange={set('industry')}
          />
          <SopNameField
            which="products"
            label={t('fields.productType')}
            value={values.product_type}
            error={error('product_type')}
            onChange={set('product_type')}
          />
        </CModalBody>
        <CModalFooter>
          <CButton color="secondary" variant="ghost" onClick={onClose}>
            {t('cancel')}
          </CButton>
          <CButton type="submit" color="primary" disabled={state.isLoading}>
            {t('save')}
          </CButton>
        </CModalFooter>
      </CForm>
    </CModal>
  );
}
