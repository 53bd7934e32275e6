import { useState, type ComponentType } from 'react';
import { CButton, CCard, CCardBody, CCardTitle } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '@contract/api-paths';
import type { ApiKey } from '@contract/api-keys';
import { ListPage, listTexts } from '@/components/list-page';
import { ToneButton } from '@/components/tone-button';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { ApiCallGuide } from './api-call-guide';
import { apiKeyColumns } from './api-key-columns';
import { ApiKeyCreateDialog, type ScopeMatrix } from './api-key-create-dialog';
import { useListApiKeysQuery, useRevokeApiKeyMutation } from './api-keys-api';

/**
 * /integration/api-integration (SPEC §2): the API keys of other systems, a dialog to
 * create one (its key shown once) and revocation after a confirmation. The server decides who
 * may (Roles rights, docs/integrations/api-access.md); the buttons follow the same rights.
 */
export function ApiKeysPage({ ScopeMatrix }: { ScopeMatrix: ComponentType<ScopeMatrix> }) {
  // `roles`: the list says each right in the role form's words.
  const { t, i18n } = useTranslation(['api-keys', 'errors', 'roles']);
  const can = useCan();
  const [params, setParams] = useListParams([]);
  const [creating, setCreating] = useState(false);
  const list = useListApiKeysQuery({
    page: params.page,
    size: params.size,
    search: params.search,
  });
  const revocation = useConfirmedDelete(useRevokeApiKeyMutation(), (k: ApiKey) =>
    t('revoked', { name: k.name }),
  );
  const mayRevoke = can.right('Roles', 'DELETE') || can.right('Roles', 'UPDATE');

  return (
    <>
      <ListPage
        title={t('title')}
        above={
          <>
            <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
              <p className="text-body-secondary mb-0 flex-grow-1">{t('intro')}</p>
              {can.right('Roles', 'ADD') && (
                <CButton color="primary" onClick={() => setCreating(true)}>
                  {t('add')}
                </CButton>
              )}
            </div>
            <CCard className="mb-3">
              <CCardBody>
                <CCardTitle as="h2" className="fs-5">
                  {t('guide.title')}
                </CCardTitle>
                <p className="text-body-secondary">{t('guide.intro')}</p>
                {/* The permission catalogue: a call every key may make, whatever its rights. */}
                <ApiCallGuide path={apiRoutes.permissions} />
              </CCardBody>
            </CCard>
          </>
        }
        columns={apiKeyColumns(t, i18n.language)}
        query={list}
        rowKey={(k) => k.id}
        rowProps={(k) => ({ 'data-testid': 'api-key-row', 'data-prefix': k.prefix })}
        rowActions={{
          label: t('actions'),
          render: (k) =>
            mayRevoke &&
            k.status !== 'revoked' && (
              <ToneButton
                size="sm"
                tone="danger"
                aria-label={t('revokeNamed', { name: k.name })}
                onClick={() => revocation.ask(k)}
              >
                {t('revoke')}
              </ToneButton>
            ),
        }}
        params={params}
        setParams={setParams}
        {...listTexts(t)}
        deletion={{
          flow: revocation,
          title: t('confirmRevokeTitle'),
          confirmLabel: t('revoke'),
          question: (k) => t('confirmRevoke', { name: k.name }),
        }}
      />
      {creating && (
        <ApiKeyCreateDialog ScopeMatrix={ScopeMatrix} onClose={() => setCreating(false)} />
      )}
    </>
  );
}
