import { useMemo, useState, type FormEvent } from 'react';
import { CBadge, CForm, CListGroup, CListGroupItem } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { parseUrlList } from '@contract/knowledge';
import { patterns } from '@contract/validation';
import { TextareaField } from '@/components/textarea-field';
import { useLibDispatch } from '@/lib/store-types';
import { webAddressText } from '@/lib/web-address-text';
import { badgeTone } from './badge-tone';
import type { DepartmentChoice } from './knowledge-access';
import { UploadOptions, useUploadOptions } from './upload-options';
import { SubmitButton } from '@/components/form-parts';
import { UploadProblemAlert } from './upload-problem-alert';
import { selectUpload, uploadUrls, urlsProblemShown } from './upload-slice';

/** uploadUrlsBodySchema accepts at most this many addresses per call. */
const MAX_URLS = 100;

/** Entries that are not an http(s) address once https:// has been added (SPEC §5 URL rule). */
function invalidUrls(urls: string[]): string[] {
  return urls.filter((u) => {
    if (!patterns.url.test(u)) return true;
    try {
      return !new URL(u).hostname;
    } catch {
      return true;
    }
  });
}

/** Web-addresses mode of /upload: comma-separated addresses, pages or sitemaps (SPEC §5, §7). */
export function UrlUploadForm({ departments }: { departments: DepartmentChoice[] }) {
  const { t } = useTranslation('knowledge');
  const dispatch = useLibDispatch();
  const state = useSelector(selectUpload).urls;
  const sending = state.status === 'loading';
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const options = useUploadOptions(departments);
  const urls = useMemo(() => parseUrlList(text), [text]);

  function check(): string | null {
    if (urls.length === 0) return t('urls.required');
    if (urls.length > MAX_URLS) return t('urls.tooMany', { max: MAX_URLS });
    const bad = invalidUrls(urls);
    if (bad.length > 0) return t('urls.invalid', { count: bad.length, urls: bad.join(', ') });
    return null;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = check();
    setTextError(problem);
    const hasDepartment = options.checkDepartment();
    if (problem || !hasDepartment) return;
    const result = await dispatch(
      uploadUrls({
        urls,
        departmentId: Number(options.department),
        advancedTraining: options.advancedTraining,
      }),
    );
    if (uploadUrls.fulfilled.match(result) && result.payload.every((r) => r.ok)) setText('');
  }

  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
      <UploadProblemAlert
        problem={state.problem}
        onClose={() => dispatch(urlsProblemShown(null))}
      />
      <TextareaField
        label={t('urls.label')}
        value={text}
        rows={4}
        onChange={(e) => {
          setText(e.target.value);
          setTextError(null);
        }}
        error={textError}
        hint={t('urls.hint')}
        disabled={sending}
        spellCheck={false}
      />
      {urls.length > 0 && (
        <div className="mb-3">
          <h2 className="h6">{t('urls.preview', { count: urls.length })}</h2>
          <ul aria-label={t('urls.previewLabel')} className="small mb-0">
            {urls.map((u, i) => (
              <li key={`${i}-${u}`} className="text-break">
                {u}
              </li>
            ))}
          </ul>
        </div>
      )}
      <UploadOptions options={options} choices={departments} idPrefix="urls" disabled={sending} />
      <SubmitButton busy={sending} className="mt-3">
        {t('urls.submit')}
      </SubmitButton>

      {state.results.length > 0 && (
        <section className="mt-4">
          <h2 className="h6">{t('urls.resultsHeading')}</h2>
          <CListGroup>
            {state.results.map((r, i) => (
              <CListGroupItem key={`${i}-${r.url}`} data-testid="url-result">
                <CBadge className={`me-2 ${badgeTone(r.ok ? 'success' : 'danger')}`}>
                  {t(r.ok ? 'itemStatus.Success' : 'itemStatus.Fail')}
                </CBadge>
                <span className="text-break">{r.url}</span>
                {r.message && !r.ok && (
                  <span className="d-block small text-danger-emphasis">{webAddressText(t, r)}</span>
                )}
              </CListGroupItem>
            ))}
          </CListGroup>
        </section>
      )}
    </CForm>
  );
}
