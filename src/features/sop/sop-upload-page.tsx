import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CCol,
  CForm,
  CFormInput,
  CProgress,
  CRow,
} from '@coreui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAX_FILE_COUNT } from '@contract/constants';
import { sopRoutes, type SopDocument } from '@contract/sop';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { SelectField } from '@/components/select-field';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { useHttp } from '@/lib/http-context';
import {
  useAddSopClientMutation,
  useSopClientsQuery,
  useSopDepartmentsQuery,
  useSopNamesQuery,
} from './sop-api';
import { sendFiles } from './sop-files';
import type { SopLinks } from './sop-links';

const ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** /sop-repository/upload (SPEC §3 SOP document upload): SOPs with their reference files. */
export function SopUploadPage({ links }: { links: SopLinks }) {
  const { t } = useTranslation(['sop', 'errors']);
  const http = useHttp();
  const navigate = useNavigate();
  const departments = useSopDepartmentsQuery();
  const clients = useSopClientsQuery();
  const products = useSopNamesQuery('products');
  const industries = useSopNamesQuery('industries');
  const [addClient] = useAddSopClientMutation();
  const [form, setForm] = useState({
    department_id: '',
    client_id: '',
    industry: '',
    product_type: '',
  });
  const [newClient, setNewClient] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [references, setReferences] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (files.length === 0) return setError(t('errors.noFiles'));
    if (files.length + references.length > MAX_FILE_COUNT)
      return setError(t('errors.tooMany', { max: MAX_FILE_COUNT }));
    if (!form.department_id) return setError(t('errors.department'));
    if (!form.client_id) return setError(t('errors.client'));
    setProgress(0);
    try {
      await sendFiles<{ items: SopDocument[] }>(
        http,
        sopRoutes.documents,
        form,
        [
          ...files.map((file) => ({ field: 'files', file })),
          ...references.map((file) => ({ field: 'reference_files', file })),
        ],
        setProgress,
      );
      navigate(links.list);
    } catch (e) {
      setProgress(null);
      setError(errorText(t, toApiErrorData(e)));
    }
  }

  async function createClient() {
    if (!newClient.trim()) return;
    try {
      const client = await addClient(newClient.trim()).unwrap();
      set('client_id')(String(client.id));
      setNewClient('');
    } catch (e) {
      setError(errorText(t, toApiErrorData(e)));
    }
  }

  const names = (list: { items: string[] } | undefined) =>
    (list?.items ?? []).map((n) => (
      <option key={n} value={n}>
        {n}
      </option>
    ));
  return (
    <>
      <PageHeader title={t('uploadTitle')} />
      <CCard>
        <CCardBody>
          <CForm onSubmit={(e) => void submit(e)} noValidate>
            {error && (
              <CAlert color="danger" role="alert">
                {error}
              </CAlert>
            )}
            <CRow>
              <CCol md={6}>
                <SelectField
                  label={t('fields.department')}
                  value={form.department_id}
                  onChange={(e) => set('department_id')(e.target.value)}
                >
                  <option value="">{t('choose')}</option>
                  {(departments.data?.items ?? []).map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={t('fields.client')}
                  value={form.client_id}
                  onChange={(e) => set('client_id')(e.target.value)}
                >
                  <option value="">{t('choose')}</option>
                  {(clients.data?.items ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </SelectField>
                <div className="d-flex gap-2 align-items-end mb-3">
                  <FormField
                    className="mb-0 flex-grow-1"
                    label={t('newClient')}
                    value={newClient}
                    onChange={(e) => setNewClient(e.target.value)}
                  />
                  <CButton color="secondary" variant="outline" onClick={() => void createClient()}>
                    {t('addClient')}
                  </CButton>
                </div>
              </CCol>
              <CCol md={6}>
                <SelectField
                  label={t('fields.industry')}
                  value={form.industry}
                  onChange={(e) => set('industry')(e.target.value)}
                >
                  <option value="">{t('choose')}</option>
                  {names(industries.data)}
                </SelectField>
                <SelectField
                  label={t('fields.productType')}
                  value={form.product_type}
                  onChange={(e) => set('product_type')(e.target.value)}
                >
                  <option value="">{t('choose')}</option>
                  {names(products.data)}
                </SelectField>
              </CCol>
            </CRow>
            <CFormInput
              className="mb-3"
              type="file"
              multiple
              accept={ACCEPT}
              id="sop-files"
              label={t('sopFiles')}
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
            />
            <CFormInput
              className="mb-3"
              type="file"
              multiple
              accept={ACCEPT}
              id="sop-reference-files"
              label={t('referenceFiles')}
              onChange={(e) => setReferences([...(e.target.files ?? [])])}
            />
            <p className="text-body-secondary small">{t('uploadHint', { max: MAX_FILE_COUNT })}</p>
            {progress !== null && (
              <CProgress
                className="mb-3"
                value={progress}
                aria-label={t('progress')}
              >{`${progress} %`}</CProgress>
            )}
            <CButton type="submit" color="primary" disabled={progress !== null}>
              {t('upload')}
            </CButton>
          </CForm>
        </CCardBody>
      </CCard>
    </>
  );
}
