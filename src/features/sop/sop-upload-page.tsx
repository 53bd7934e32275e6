import { CAlert, CButton, CCard, CCardBody, CCol, CForm, CFormInput, CRow } from '@coreui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MAX_FILE_COUNT } from '@contract/constants';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { SelectField } from '@/components/select-field';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import {
  useAddSopClientMutation,
  useSopClientsQuery,
  useSopDepartmentsQuery,
  useUploadSopDocumentsMutation,
} from './sop-api';
import type { SopLinks } from './sop-links';
import { SopNameField } from './sop-name-field';
import { SopUploadRows, type SopUploadRow, type SopUploadStatus } from './sop-upload-rows';

const ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
type Kind = SopUploadRow['kind'];
/** The last send: its files, their shared state and progress. */
type Sent = { files: { file: File; kind: Kind }[]; status: SopUploadStatus; progress: number };

/** /sop-repository/upload (SPEC §3 SOP document upload): SOPs with their reference files. */
export function SopUploadPage({ links }: { links: SopLinks }) {
  const { t } = useTranslation(['sop', 'errors']);
  const [upload] = useUploadSopDocumentsMutation();
  const departments = useSopDepartmentsQuery();
  const clients = useSopClientsQuery();
  const [addClient] = useAddSopClientMutation();
  const [form, setForm] = useState({
    department_id: '',
    client_id: '',
    industry: '',
    product_type: '',
  });
  const [newClient, setNewClient] = useState('');
  const [chosen, setChosen] = useState<Record<Kind, File[]>>({ sop: [], reference: [] });
  const [sent, setSent] = useState<Sent | null>(null);
  // Bumped after a successful send: the file pickers start empty again.
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const uploading = sent?.status === 'Uploading';

  /** SOPs and references together stay within SPEC §9's 15 files; the rest is not added. */
  function pick(kind: Kind, list: FileList | null) {
    const other = kind === 'sop' ? chosen.reference.length : chosen.sop.length;
    const all = [...(list ?? [])];
    const kept = all.slice(0, Math.max(0, MAX_FILE_COUNT - other));
    setError(
      kept.length < all.length
        ? t('errors.tooManyDropped', { max: MAX_FILE_COUNT, count: all.length - kept.length })
        : null,
    );
    setChosen((c) => ({ ...c, [kind]: kept }));
    setSent(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const files = [
      ...chosen.sop.map((file) => ({ file, kind: 'sop' as const })),
      ...chosen.reference.map((file) => ({ file, kind: 'reference' as const })),
    ];
    if (chosen.sop.length === 0) return setError(t('errors.noFiles'));
    if (files.length > MAX_FILE_COUNT)
      return setError(t('errors.tooMany', { max: MAX_FILE_COUNT }));
    if (!form.department_id) return setError(t('errors.department'));
    if (!form.client_id) return setError(t('errors.client'));
    if (!form.industry.trim() || !form.product_type.trim())
      return setError(t('errors.industryProduct'));
    setSent({ files, status: 'Uploading', progress: 0 });
    try {
      await upload({
        fields: { ...form, industry: form.industry.trim(), product_type: form.product_type.trim() },
        files: files.map(({ file, kind }) => ({
          field: kind === 'sop' ? 'files' : 'reference_files',
          file,
        })),
        onProgress: (progress) => setSent((s) => s && { ...s, progress }),
      }).unwrap();
      setSent({ files, status: 'Success', progress: 100 });
      setChosen({ sop: [], reference: [] });
      setRound((r) => r + 1);
    } catch (e) {
      setSent({ files, status: 'Fail', progress: 0 });
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

  const rows: SopUploadRow[] = sent
    ? sent.files.map((f) => ({ ...f, status: sent.status, progress: sent.progress }))
    : [
        ...chosen.sop.map((file) => ({ file, kind: 'sop' as const })),
        ...chosen.reference.map((file) => ({ file, kind: 'reference' as const })),
      ].map((f) => ({ ...f, status: 'ready' as const, progress: 0 }));
  const picker = (kind: Kind) => (
    <CFormInput
      key={`${kind}-${round}`}
      className="mb-3"
      type="file"
      multiple
      accept={ACCEPT}
      id={kind === 'sop' ? 'sop-files' : 'sop-reference-files'}
      label={t(kind === 'sop' ? 'sopFiles' : 'referenceFiles')}
      disabled={uploading}
      onChange={(e) => pick(kind, e.target.files)}
    />
  );
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
            {sent?.status === 'Success' && (
              <CAlert color="success" role="status">
                {t('uploaded', { count: sent.files.filter((f) => f.kind === 'sop').length })}{' '}
                <Link to={links.list}>{t('toList')}</Link>
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
                <SopNameField
                  which="industries"
                  label={t('fields.industry')}
                  value={form.industry}
                  onChange={set('industry')}
                />
                <SopNameField
                  which="products"
                  label={t('fields.productType')}
                  value={form.product_type}
                  onChange={set('product_type')}
                />
              </CCol>
            </CRow>
            {picker('sop')}
            {picker('reference')}
            <p className="text-body-secondary small">{t('uploadHint', { max: MAX_FILE_COUNT })}</p>
            <SopUploadRows rows={rows} />
            <CButton type="submit" color="primary" disabled={uploading}>
              {t('upload')}
            </CButton>
          </CForm>
        </CCardBody>
      </CCard>
    </>
  );
}
