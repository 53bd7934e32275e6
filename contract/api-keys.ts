/**
 * API keys for other systems (SPEC §2 /integration/api-integration). SPEC shows no
 * payloads; these are ours.
 *
 * - A key reads `atr_<lookup>_<secret>`: `atr_` makes it recognisable (secret scanners, logs),
 *   `lookup` (12 url-safe characters) finds its row through a unique index, and `secret` (256
 *   random bits) is stored only as its SHA-256. The whole key is answered once, on creation.
 * - It is sent as `Authorization: Bearer atr_…` and calls the same API as a user, limited to
 *   its `permission_set` (the role catalogue's ids) in its `department_ids`.
 * - `DELETE /api-keys/{id}` revokes: the row stays (listed as revoked, with who and when) and the
 *   key answers 401.
 * - A call carries two headers: the deployment's `x-api-key` (every /api call needs it, the
 *   console's own too) and `Authorization: Bearer atr_…`.
 */
import { z } from 'zod';
import { apiRoutes, fillRoute } from './api-paths';
import { actorSchema, permissionSetField } from './identity';
import { idsOf, type ActionName, type ModuleName } from './permissions';
import { pagedSchema, pageQuerySchema } from './paging';
import { patterns } from './validation';

/**
 * The key routes (relative to `/api`), kept here rather than in api-paths.ts: that file is in the
 * sign-in screen's first load, which has no byte to spare.
 */
export const apiKeyRoutes = { list: '/api-keys', one: '/api-keys/:id' } as const;
export const apiKeyPaths = {
  list: apiKeyRoutes.list,
  one: (id: number) => fillRoute(apiKeyRoutes.one, { id }),
};

export const API_KEY_PREFIX = 'atr_';
const API_KEY_NAME_MAX = 80;
const API_KEY_DEPARTMENTS_MAX = 50;
/** The longest life a key may be given; a key always expires. */
const API_KEY_MAX_DAYS = 730;

/**
 * The read the console's example call makes with a new key (a curl command the person can run at
 * once): the first of these its rights allow, a list of the key's own data, else the permission
 * catalogue, which every key may read. An API test calls each with a key holding that right only.
 */
export const API_KEY_EXAMPLE_READS: readonly {
  right: `${ModuleName}.${ActionName}`;
  path: string;
}[] = [
  { right: 'Users.LIST_VIEW', path: apiRoutes.users },
  { right: 'Roles.LIST_VIEW', path: apiRoutes.roles },
  { right: 'Documents.LIST_VIEW', path: apiRoutes.documents },
  { right: 'Service_agent.LIST_VIEW', path: apiRoutes.serviceAgents },
  { right: 'Helpdesk.LIST_VIEW', path: apiRoutes.helpdesks },
];

/** The path (relative to the API base) of the example call of a key with these rights. */
export function exampleReadPath(permissionSet: readonly number[]): string {
  const held = new Set(permissionSet);
  const read = API_KEY_EXAMPLE_READS.find((r) => held.has(idsOf(r.right)[0]));
  return read?.path ?? apiRoutes.permissions;
}

/** The shape of a key as sent (the server checks the rest). */
export const apiKeyPattern = /^atr_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}$/;

export const apiKeyStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `atr_<lookup>`: enough to tell keys apart, never enough to use one. */
  prefix: z.string(),
  permission_set: z.array(z.number().int()),
  department_ids: z.array(z.number().int()),
  department_names: z.array(z.string()),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  request_count: z.number().int(),
  status: apiKeyStatusSchema,
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  created_by: actorSchema,
  /**
   * Who revoked the key: their name is kept when it is revoked, so it is still said after their
   * account is deleted (then `id` is null).
   */
  revoked_by: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key itself, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'validation:tooShort')
    .max(API_KEY_NAME_MAX, 'validation:tooLong')
    .regex(patterns.freeText, 'validation:freeText'),
  permission_set: permissionSetField.refine((ids) => ids.length > 0, 'validation:required'),
  department_ids: z
    .array(z.number().int().positive())
    .min(1, 'validation:required')
    .max(API_KEY_DEPARTMENTS_MAX)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  /** Days from now until the key stops working. */
  expires_in_days: z.coerce.number().int().min(1).max(API_KEY_MAX_DAYS),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export const apiKeysQuerySchema = pageQuerySchema.extend({
  status: apiKeyStatusSchema.optional(),
});
export type ApiKeysQuery = z.input<typeof apiKeysQuerySchema>;

export const apiKeyPageSchema = pagedSchema(apiKeySchema);
export type ApiKeyPage = z.infer<typeof apiKeyPageSchema>;

export const apiKeyParamsSchema = z.object({ id: z.coerce.number().int().positive() });
