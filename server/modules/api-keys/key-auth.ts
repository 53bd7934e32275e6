/**
 * Requests made with an API key: the key is checked (one indexed read with its creator's row),
 * counted (usage-meter.ts, no write per request) and turned into the same kind of subject a
 * user's session gives, so every route's rights check and department scope apply unchanged.
 *
 * A key acts for its creator and never beyond them: its rights are its scopes AND the rights its
 * creator holds now, in the key's departments only. A creator who loses a right, or is disabled
 * or deleted, takes it from the key at once. A key is never a default administrator.
 */
import { ACTIONS, type ActionEntry } from '../../../contract/permissions';
import type { AccessSubject, PermissionEntry } from '../../../contract/profile';
import type { AuthContext } from '../../deps';
import { AppError } from '../../http/app-error';
import { actionsOf, type ProfileService } from '../profile/service';
import { parseApiKey, secretMatches } from './key-secret';
import type { ApiKeysRepo } from './repo';
import type { UsageMeter } from './usage-meter';

const invalid = (why: string) => new AppError(401, 'UNAUTHORIZED', why);

function both(a: ActionEntry, b: ActionEntry): ActionEntry {
  const entry = { module_name: a.module_name } as ActionEntry;
  for (const action of ACTIONS) entry[action] = a[action] && b[action];
  return entry;
}

/** The creator's rights cut down to the key's scopes and departments. */
export function keySubject(
  creator: AccessSubject,
  allowed: readonly ActionEntry[],
  departments: readonly { id: number; name: string }[],
): AccessSubject {
  const inKey = new Set(departments.map((d) => d.id));
  const permissions: PermissionEntry[] = creator.is_defaultadmin
    ? departments.map((d) => ({
        role_id: 0,
        role_name: 'API key',
        department_id: d.id,
        department_name: d.name,
        actions: [...allowed],
      }))
    : creator.permissions
        .filter((entry) => inKey.has(entry.department_id))
        .map((entry) => ({
          ...entry,
          actions: entry.actions.map((a, i) => both(a, allowed[i])),
        }));
  return { is_defaultadmin: false, permissions };
}

export function createKeyAuthenticator(deps: {
  repo: Pick<ApiKeysRepo, 'findForAuth' | 'departmentsOf'>;
  profiles: Pick<ProfileService, 'subjectOf'>;
  meter: Pick<UsageMeter, 'hit'>;
}) {
  // A key's departments never change after creation (a deleted department leaves a harmless
  // entry until restart: nothing is in it), so each is read once, not on every request.
  const departmentsByKey = new Map<number, Promise<{ id: number; name: string }[]>>();
  const departmentsOf = (keyId: number) => {
    let found = departmentsByKey.get(keyId);
    if (!found) {
      if (departmentsByKey.size >= 10_000) departmentsByKey.clear();
      found = deps.repo.departmentsOf(keyId);
      found.catch(() => departmentsByKey.delete(keyId));
      departmentsByKey.set(keyId, found);
    }
    return found;
  };

  // Secrets already found to match their key's stored hash: a key is sent with every call, and
  // hashing it again was half of what a key costs over a session. The stored hash is still read
  // and compared on every call, so a key's row decides as before; only valid secrets are kept.
  const matched = new Map<string, string>();
  const secretOk = (secret: string, storedHash: string) => {
    if (matched.get(secret) === storedHash) return true;
    if (!secretMatches(secret, storedHash)) return false;
    if (matched.size >= 10_000) matched.clear();
    matched.set(secret, storedHash);
    return true;
  };

  return async function authenticateKey(token: string): Promise<AuthContext> {
    const parts = parseApiKey(token);
    const found = parts && (await deps.repo.findForAuth(parts.lookup));
    if (!parts || !found || !secretOk(parts.secret, found.key.secretHash))
      throw invalid('The API key is not valid.');
    const { key, user } = found;
    if (key.revokedAt) throw invalid('This API key has been revoked.');
    if (Date.parse(key.expiresAt) <= Date.now()) throw invalid('This API key has expired.');
    if (user.status !== 'active') throw invalid('The account of this API key is disabled.');
    deps.meter.hit(key.id);
    let subject: Promise<AccessSubject> | undefined;
    const load = async () => {
      const [creator, departments] = await Promise.all([
        deps.profiles.subjectOf(user),
        departmentsOf(key.id),
      ]);
      return keySubject(creator, actionsOf(key.permissionSet), departments);
    };
    return { sessionId: '', apiKeyId: key.id, user, subject: () => (subject ??= load()) };
  };
}
