/**
 * API keys: creation (the key answered once), the list, one key, and revocation. Rights are
 * the Roles rights (a key is a set of rights, as a role is; docs/integrations/api-access.md),
 * checked by the routes; here the department scope: a reader sees a key when every department of
 * the key is one where they hold the right, and nobody gives a key a right they do not hold
 * themselves in each of its departments.
 */
import { departmentScope } from '../../../contract/access';
import type {
  ApiKey,
  ApiKeyInput,
  ApiKeyPage,
  ApiKeysQuery,
  ApiKeyStatus,
  CreatedApiKey,
} from '../../../contract/api-keys';
import { apiKeyInputSchema, apiKeysQuerySchema } from '../../../contract/api-keys';
import type { ActionName } from '../../../contract/permissions';
import { nowIso } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type Actor, identityErrors, missingRights, rightNames } from '../identity/public';
import { displayPrefix, newApiKey } from './key-secret';
import type { ApiKeyRecord, ApiKeysRepo } from './repo';
import type { UsageMeter } from './usage-meter';

const DAY_MS = 86_400_000;
const notFound = () => new AppError(404, 'NOT_FOUND', 'No such API key in your departments.');

function parseIds(text: string): number[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
}

function statusOf(record: ApiKeyRecord, now: string): ApiKeyStatus {
  if (record.revoked_at) return 'revoked';
  return record.expires_at <= now ? 'expired' : 'active';
}

function toApiKey(record: ApiKeyRecord, now: string): ApiKey {
  return {
    id: record.id,
    name: record.name,
    prefix: displayPrefix(record.lookup),
    permission_set: parseIds(record.permission_set),
    department_ids: record.departments.map((d) => d.id),
    department_names: record.departments.map((d) => d.name),
    expires_at: record.expires_at,
    last_used_at: record.last_used_at,
    request_count: Number(record.request_count),
    status: statusOf(record, now),
    revoked_at: record.revoked_at,
    created_at: record.created_at,
    created_by: record.creator === null ? null : { id: record.created_by, name: record.creator },
    revoked_by: record.revoker === null ? null : { id: record.revoked_by, name: record.revoker },
  };
}

export function createApiKeyService(repo: ApiKeysRepo, meter: Pick<UsageMeter, 'flush'>) {
  const scopeOf = (actor: Actor, ...actions: ActionName[]) => {
    const scopes = actions.map((a) => departmentScope(actor.subject, 'Roles', a));
    if (scopes.includes('all')) return 'all' as const;
    return [...new Set(scopes.flatMap((s) => (s === 'all' ? [] : s)))];
  };

  async function find(actor: Actor, id: number, ...actions: ActionName[]) {
    const now = nowIso();
    const record = await repo.get(id, { departments: scopeOf(actor, ...actions), now });
    if (!record) throw notFound();
    return { record, now };
  }

  return {
    async create(actor: Actor, input: ApiKeyInput): Promise<CreatedApiKey> {
      const body = apiKeyInputSchema.parse(input);
      const known = new Set(await repo.existingDepartments(body.department_ids));
      const unknown = body.department_ids.find((id) => !known.has(id));
      if (unknown !== undefined)
        throw identityErrors.invalidField(
          'department_ids',
          'validation:unknownDepartment',
          `Department ${unknown} does not exist.`,
        );
      for (const departmentId of body.department_ids) {
        const missing = missingRights(actor, departmentId, body.permission_set);
        if (missing.length > 0)
          throw identityErrors.escalation(
            `You cannot give a key rights you do not hold in department ${departmentId}: ${rightNames(missing)}.`,
          );
      }
      const { key, lookup, secretHash } = newApiKey();
      const now = new Date();
      const id = await repo.insert(
        {
          name: body.name,
          lookup,
          secret_hash: secretHash,
          permission_set: JSON.stringify(body.permission_set),
          expires_at: new Date(now.getTime() + body.expires_in_days * DAY_MS).toISOString(),
          created_by: actor.id,
          created_at: now.toISOString(),
        },
        body.department_ids,
      );
      const { record } = await find(actor, id, 'ADD');
      return { ...toApiKey(record, now.toISOString()), key };
    },

    async list(actor: Actor, query: ApiKeysQuery): Promise<ApiKeyPage> {
      const { page, size, search, status } = apiKeysQuerySchema.parse(query);
      // This process's uncounted requests first, so the list shows them.
      await meter.flush();
      const now = nowIso();
      const filter = { departments: scopeOf(actor, 'LIST_VIEW', 'VIEW'), search, status, now };
      const found = await repo.page(filter, page, size);
      return { items: found.items.map((r) => toApiKey(r, now)), total: found.total, page, size };
    },

    async get(actor: Actor, id: number): Promise<ApiKey> {
      await meter.flush();
      const { record, now } = await find(actor, id, 'VIEW', 'LIST_VIEW');
      return toApiKey(record, now);
    },

    async revoke(actor: Actor, id: number): Promise<ApiKey> {
      const { record } = await find(actor, id, 'DELETE', 'UPDATE');
      if (record.revoked_at) throw identityErrors.conflict('This API key is already revoked.');
      await repo.revoke(record.id, { id: actor.id, name: actor.name }, nowIso());
      const after = await find(actor, id, 'DELETE', 'UPDATE');
      return toApiKey(after.record, after.now);
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
