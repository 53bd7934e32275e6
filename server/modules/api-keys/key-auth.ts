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
import { type AuthContext, loadOnce } from '../../deps';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { actionsOf, type ProfileService } from '../identity/public';
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
function keySubject(
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

const sameEntries = (a: readonly PermissionEntry[], b: readonly PermissionEntry[]) =>
  a.length === b.length &&
  a.every(
    (e, i) =>
      e.role_id === b[i].role_id &&
      e.role_name === b[i].role_name &&
      e.department_id === b[i].department_id &&
      e.department_name === b[i].department_name &&
      // The actions of a permission set are one cached array per set (profile's actionsOf).
      e.actions === b[i].actions,
  );

/**
 * keySubject, worked out again only when what it is made of changed: the creator's entries
 * now, the key's scopes (one cached array per permission set) and its departments (read once).
 * Subjects are shared between requests, as the actions arrays already are: never changed.
 */
function keySubjects() {
  type Made = {
    creator: AccessSubject;
    allowed: readonly ActionEntry[];
    departments: readonly { id: number; name: string }[];
    subject: AccessSubject;
  };
  const made = new Map<number, Made>();
  return (
    keyId: number,
    creator: AccessSubject,
    allowed: readonly ActionEntry[],
    departments: readonly { id: number; name: string }[],
  ): AccessSubject => {
    const last = made.get(keyId);
    if (
      last &&
      last.allowed === allowed &&
      last.departments === departments &&
      last.creator.is_defaultadmin === creator.is_defaultadmin &&
      sameEntries(last.creator.permissions, creator.permissions)
    )
      return last.subject;
    const subject = keySubject(creator, allowed, departments);
    if (made.size >= 10_000) made.clear();
    made.set(keyId, { creator, allowed, departments, subject });
    return subject;
  };
}

export function createKeyAuthenticator(deps: {
  repo: Pick<ApiKeysRepo, 'findForAuth' | 'departmentsOf'>;
  profiles: Pick<ProfileService, 'subjectOf'>;
  meter: Pick<UsageMeter, 'hit'>;
}) {
  // A key's departments never change after creation (a deleted department leaves a harmless
  // entry until restart: nothing is in it), so each is read once, not on every request.
  const departmentsByKey = new Map<number, { id: number; name: string }[]>();
  const departmentsOf = async (keyId: number) => {
    let found = departmentsByKey.get(keyId);
    if (!found) {
      found = await deps.repo.departmentsOf(keyId);
      if (departmentsByKey.size >= 10_000) departmentsByKey.clear();
      departmentsByKey.set(keyId, found);
    }
    return found;
  };

  const subjectOf = keySubjects();
  // Expiry times as read, parsed once each.
  const expiries = new Map<string, number>();
  const expiryOf = (at: string) => {
    let ms = expiries.get(at);
    if (ms === undefined) {
      if (expiries.size >= 10_000) expiries.clear();
      expiries.set(at, (ms = Date.parse(at)));
    }
    return ms;
  };
  // Made once here, not per request (named closures made per request cost their __name under
  // tsx), and chained rather than awaited: one hop fewer on every rights check.
  const subjectFor = (keyId: number, permissionSet: string, user: UserRow) =>
    deps.profiles.subjectOf(user).then((creator) => {
      const departments = departmentsByKey.get(keyId);
      return departments
        ? subjectOf(keyId, creator, actionsOf(permissionSet), departments)
        : departmentsOf(keyId).then((d) => subjectOf(keyId, creator, actionsOf(permissionSet), d));
    });

  // Keys already found to match their row's stored hash, with their lookup: a key is sent with
  // every call, and parsing and hashing it again was half of what a key cost over a session.
  // The row is still read on every call, and its stored hash must still be the one the key
  // matched, so the row decides as before; only valid keys are kept.
  const verified = new Map<string, { lookup: string; hash: string }>();
  const remember = (token: string, lookup: string, hash: string) => {
    if (verified.size >= 10_000) verified.clear();
    verified.set(token, { lookup, hash });
  };

  return async function authenticateKey(token: string): Promise<AuthContext> {
    // One await on the way, as the session check has: this runs before every key's request.
    const known = verified.get(token);
    const parts = known ? undefined : parseApiKey(token);
    const lookup = known?.lookup ?? parts?.lookup;
    const found = lookup === undefined ? undefined : await deps.repo.findForAuth(lookup);
    const matches =
      found !== undefined &&
      (known
        ? found.key.secretHash === known.hash
        : parts !== undefined && secretMatches(parts.secret, found.key.secretHash));
    if (!found || !matches) throw invalid('The API key is not valid.');
    if (!known && lookup !== undefined) remember(token, lookup, found.key.secretHash);
    const { key, user } = found;
    if (key.revokedAt) throw invalid('This API key has been revoked.');
    const now = Date.now();
    if (expiryOf(key.expiresAt) <= now) throw invalid('This API key has expired.');
    if (user.status !== 'active') throw invalid('The account of this API key is disabled.');
    deps.meter.hit(key.id, now);
    return {
      sessionId: '',
      apiKeyId: key.id,
      user,
      subject: loadOnce(() => subjectFor(key.id, key.permissionSet, user)),
    };
  };
}
