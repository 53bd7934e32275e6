/**
 * /integration/api-integration: the API key page with the roles' rights matrix as its
 * scope picker, composed here because features share no code. One chunk for the screen table.
 */
import { ApiKeysPage } from '@/features/integrations/api-keys-page';
import { PermissionMatrix } from '@/features/roles/permission-matrix';

export function ApiKeysScreen() {
  return <ApiKeysPage ScopeMatrix={PermissionMatrix} />;
}
