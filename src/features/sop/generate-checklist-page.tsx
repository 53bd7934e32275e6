import { CAlert, CButton, CCard, CCardBody, CCol, CForm, CRow } from '@coreui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { generateChecklistSchema, SHIPMENT_MODES } from '@contract/sop';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { SelectField } from '@/components/select-field';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import {
  useListSopDocumentsQuery,
  useGenerateChecklistMutation,
  useSopCountriesQuery,
} from './sop-api';
import type { SopLinks } from './sop-links';

/** /sop-repository/generate-checklist/{id}: a checklist from an SOP for one shipment. */
export function GenerateChecklistPage({ links }: { links: SopLinks }) {
  const { t, i18n } = useTranslation(['sop', 'errors', 'validation']);
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const sop = useListSopDocumentsQuery({ document_id: id });
  const countries = useSopCountriesQuery(i18n.language);
  const [generate, state] = useGenerateChecklistMutation();
  const [form, setForm] = useState({
    name: '',
    from_location: '',
    to_location: '',
    shipment_mode: 'sea',
    start_date: '',
    end_date: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const doc = sop.data?.items[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = generateChecklistSchema.safeParse({ ...form, sop_doc_id: id });
    if (!parsed.success) {
      setFieldErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), t(i.message)])),
      );
      return;
    }
    setFieldErrors({});
    const result = await generate(parsed.data);
    if ('data' in result && result.data) navigate(links.checklist(result.data.id));
  }

  const countryOptions = (countries.data?.items ?? []).map((c) => (
    <option key={c.code} value={c.code}>
      {c.name}
    </option>
  ));
  const error = state.error ? toApiErrorData(state.error) : null;
  const failure = error && (error.status === 422 ? t('noRequirements') : errorText(t, error));
  return (
    <>
      <PageHeader title={t('generateTitle', { name: doc?.name ?? '' })} />
      <CCard>
        <CCardBody>
          <CForm onSubmit={(e) => void submit(e)} noValidate>
            {failure && (
              <CAlert color="danger" role="alert">
                {failure}
              </CAlert>
            )}
            <FormField
              label={t('fields.checklistName')}
              value={form.name}
              error={fieldErrors.name}
              onChange={(e) => set('name')(e.target.value)}
            />
            <CRow>
              <CCol md={4}>
                <SelectField
                  label={t('fields.from')}
                  value={form.from_location}
                  error={fieldErrors.from_location}
                  onChange={(e) => set('from_location')(e.target.value)}
                >
                  <option value="">{t('choose')}</option>
                  {countryOptions}
                </SelectField>
              </CCol>
              <CCol md={4}>
                <SelectField
                  label={t('fields.to')}
                  value={form.to_location}
                  error={fieldErrors.to_location}
                  onChange={(e) => set('to_location')(e.target.value)}
                >
                  <option value="">{t('choose')}</option>
                  {countryOptions}
                </SelectField>
              </CCol>
              <CCol md={4}>
                <SelectField
                  label={t('fields.mode')}
                  value={form.shipment_mode}
                  onChange={(e) => set('shipment_mode')(e.target.value)}
                >
                  {SHIPMENT_MODES.map((m) => (
                    <option key={m} value={m}>
                      {t(`modes.${m}`)}
                    </option>
                  ))}
                </SelectField>
              </CCol>
            </CRow>
            <CRow>
              <CCol md={6}>
                <FormField
                  type="date"
                  label={t('fields.startDate')}
                  value={form.start_date}
                  error={fieldErrors.start_date}
                  onChange={(e) => set('start_date')(e.target.value)}
                />
              </CCol>
              <CCol md={6}>
                <FormField
                  type="date"
                  label={t('fields.endDate')}
                  value={form.end_date}
                  error={fieldErrors.end_date}
                  onChange={(e) => set('end_date')(e.target.value)}
                />
              </CCol>
            </CRow>
            <CButton type="submit" color="primary" disabled={state.isLoading}>
              {t('generate')}
            </CButton>
          </CForm>
        </CCardBody>
      </CCard>
    </>
  );
}
