/**
 * How to call the API with a key: the base URL, both headers (the deployment's x-api-key, which
 * every /api call needs, and the key as a bearer token), a curl command to copy and the link to
 * the API documentation. Without a key (the page) the command holds a placeholder; with one (the
 * dialog after creation) it is ready to run.
 */
import { useId } from 'react';
import { CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { curlCommand, useApiConnection } from './api-connection';
import { CopyButton } from './copy-button';
import './api-keys.css';

export function ApiCallGuide({ apiKey, path }: { apiKey?: string; path: string }) {
  const { t } = useTranslation(['api-keys', 'common']);
  const exampleId = useId();
  const connection = useApiConnection();
  if (!connection) return <CSpinner size="sm" aria-label={t('common:loading')} />;
  const bearer = apiKey ?? t('guide.yourKey');
  const command = curlCommand(connection, bearer, path);
  return (
    <div className="api-call-guide">
      <dl className="api-call-facts small mb-3">
        <dt>{t('guide.baseUrl')}</dt>
        <dd>
          <code dir="ltr" data-testid="api-base-url">
            {connection.baseUrl}
          </code>
        </dd>
        <dt>{t('guide.headers')}</dt>
        <dd>
          <code dir="ltr" className="d-block" data-testid="api-header-deployment">
            x-api-key: {connection.deploymentKey}
          </code>
          <code dir="ltr" className="d-block">
            Authorization: Bearer {bearer}
          </code>
        </dd>
      </dl>
      <div id={exampleId} className="form-label mb-1">
        {t(apiKey ? 'guide.tryIt' : 'guide.example')}
      </div>
      {/* A shell command reads left to right in every language, Arabic included. */}
      <pre
        dir="ltr"
        className="api-call-example"
        aria-labelledby={exampleId}
        data-testid="api-curl"
      >
        <code>{command}</code>
      </pre>
      <CopyButton
        text={command}
        label={t('guide.copyCommand')}
        texts={{ copy: t('copy'), copied: t('copied'), failed: t('guide.copyFailed') }}
      />
      <p className="small mt-3 mb-0">
        <a href={connection.docsUrl} target="_blank" rel="noopener noreferrer">
          {t('guide.docs')}
        </a>{' '}
        <span className="text-body-secondary">{t('guide.docsHint')}</span>
      </p>
    </div>
  );
}
