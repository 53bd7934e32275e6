/**
 * The two ways a user is written, shared by PUT, POST, restore and undelete: changing an
 * existing account to a desired version, and creating one. Each runs inside the caller's
 * transaction and writes its history row there, after the change itself.
 */
import type { Transaction } from 'kysely';
import type { AssignmentInput, UserSnapshot } from '../../../contract/identity';
import { nowIso } from '../../db/database';
import type { DB, UserRow } from '../../db/schema';
import { issueMailToken } from '../auth/mail-tokens';
import type { AuthRepo } from '../auth/repo';
import type { DepartmentsRepo } from '../departments/repo';
import type { Actor } from '../identity/actor-scope';
import { historyValues, parseIdList } from '../identity/history';
import { identityErrors } from '../identity/identity-errors';
import { NO_PASSWORD } from '../identity/user-rows';
import type { RolesRepo } from '../roles/repo';
import { authErrors } from '../auth/auth-errors';
import type { UsersRepo } from './repo';
import {
  assertAdminsRemain,
  assertCanManage,
  assertSelfAndFlags,
  checkAddedAssignments,
  visibleTo,
  type TargetUser,
} from './rules';
import { heldAssignments, snapshotOf, targetOf } from './view';

type Trx = Transaction<DB>;

/** What a user should look like after a write. */
export type DesiredUser = Omit<UserSnapshot, 'assignments'> & { assignments: AssignmentInput[] };

export interface LoadedUser {
  row: UserRow;
  target: TargetUser;
}

const key = (a: AssignmentInput) => `${a.department_id}:${a.role_id}`;

interface UserWriterDeps {
  users: UsersRepo;
  roles: RolesRepo;
  departments: DepartmentsRepo;
  auth: AuthRepo;
}

/** The reads and checks both writes share. */
function writerSteps({ users, roles, departments }: UserWriterDeps) {
  async function heldOf(trx: Trx, id: number) {
    return heldAssignments(await users.assignmentsOf(trx, [id]));
  }

  /** The user a write is about, locked; 404 unless the actor may act on them at all. */
  async function load(
    trx: Trx,
    actor: Actor,
    id: number,
    action: 'UPDATE' | 'DELETE',
  ): Promise<LoadedUser> {
    const row = await users.find(trx, id, true);
    if (!row) throw identityErrors.userNotFound();
    const held = await heldOf(trx, id);
    if (!visibleTo(actor, held, action)) throw identityErrors.userNotFound();
    return { row, target: targetOf(row, held) };
  }

  async function checkAdded(
    trx: Trx,
    actor: Actor,
    action: 'ADD' | 'UPDATE' | 'DELETE',
    added: { index: number; assignment: AssignmentInput }[],
    restoring: boolean,
  ) {
    if (added.length === 0) return;
    const wanted = added.map((a) => a.assignment);
    const [roleRows, deptRows] = await Promise.all([
      roles.byIds(trx, [...new Set(wanted.map((a) => a.role_id))]),
      departments.byIds(trx, [...new Set(wanted.map((a) => a.department_id))]),
    ]);
    checkAddedAssignments({
      actor,
      action,
      added,
      restoring,
      roles: new Map(
        roleRows.map((r) => [r.id, { ...r, permission_set: parseIdList(r.permission_set) }]),
      ),
      departments: new Map(deptRows.map((d) => [d.id, d.name])),
    });
  }

  async function assertUnique(trx: Trx, desired: DesiredUser, exceptId?: number) {
    if (await users.emailTaken(trx, desired.email, exceptId)) throw authErrors.emailTaken();
    if (await users.usernameTaken(trx, desired.username, exceptId))
      throw authErrors.usernameTaken();
  }

  async function writeHistory(
    trx: Trx,
    actor: Actor,
    id: number,
    kind: 'create' | 'update' | 'restore',
    before: UserSnapshot | null,
    restoredFrom: number | null,
  ) {
    const row = await users.find(trx, id);
    if (!row) throw identityErrors.userNotFound();
    const after = snapshotOf(row, await heldOf(trx, id));
    await users.insertHistory(trx, {
      user_id: id,
      ...historyValues(actor, kind, before, after, restoredFrom),
    });
  }

  return { load, checkAdded, assertUnique, writeHistory };
}

type WriterSteps = ReturnType<typeof writerSteps>;

/**
 * Brings an existing user to `desired`. Returns false when nothing would change and the
 * write is a plain update (then nothing is written, not even history).
 */
async function changeUser(
  { users, auth }: UserWriterDeps,
  { checkAdded, assertUnique, writeHistory }: WriterSteps,
  trx: Trx,
  actor: Actor,
  { row, target }: LoadedUser,
  desired: DesiredUser,
  kind: 'update' | 'restore',
  restoredFrom: number | null = null,
): Promise<boolean> {
  assertCanManage(actor, target, 'UPDATE');
  if (!(desired.is_defaultadmin && desired.status === 'active'))
    assertAdminsRemain(target, false, await users.activeAdminIds(trx));
  const current = new Set(target.assignments.map(key));
  const wanted = new Set(desired.assignments.map(key));
  const assignmentsChanged =
    current.size !== wanted.size || [...wanted].some((k) => !current.has(k));
  assertSelfAndFlags(actor, {
    isSelf: actor.id === row.id,
    adminBefore: target.is_defaultadmin,
    adminAfter: desired.is_defaultadmin,
    statusBefore: target.status,
    statusAfter: desired.status,
    assignmentsChanged,
  });
  const added = desired.assignments
    .map((assignment, index) => ({ assignment, index }))
    .filter(({ assignment }) => !current.has(key(assignment)));
  await checkAdded(trx, actor, 'UPDATE', added, kind === 'restore');

  const fields = {
    username: desired.username,
    email: desired.email.toLowerCase(),
    first_name: desired.first_name,
    last_name: desired.last_name,
    status: desired.status,
    is_defaultadmin: desired.is_defaultadmin ? 1 : 0,
  };
  const changed =
    assignmentsChanged ||
    (Object.keys(fields) as (keyof typeof fields)[]).some((k) => fields[k] !== row[k]);
  if (!changed && kind === 'update') return false;
  await assertUnique(trx, { ...desired, email: fields.email }, row.id);

  const before = snapshotOf(row, target.assignments);
  await users.update(trx, row.id, { ...fields, updated_at: nowIso(), updated_by: actor.id });
  await users.setAssignments(trx, row.id, target.assignments, desired.assignments);
  // Disabling already locks the account out (the auth hook refuses disabled users); ending
  // the sessions as well means enabling it later does not bring old tokens back to life.
  if (fields.status === 'disabled' && row.status !== 'disabled')
    await auth.revokeUserSessions(trx, row.id);
  // Invitation, reset and verification links went to the old address: its owner must not
  // be able to set this account's password or verify the new address.
  if (fields.email !== row.email) await auth.revokeEmailTokens(trx, row.id);
  await writeHistory(trx, actor, row.id, kind, before, restoredFrom);
  return true;
}

/**
 * Creates an account without a usable password (the invitation's reset link sets one).
 * `id` brings a deleted user back under their old id. Returns the mail token to send, or
 * undefined for a disabled account (nobody could sign in with it yet).
 */
async function createUser(
  { users, auth }: UserWriterDeps,
  { checkAdded, assertUnique, writeHistory }: WriterSteps,
  trx: Trx,
  actor: Actor,
  desired: DesiredUser,
  options: {
    id?: number;
    kind: 'create' | 'restore';
    restoredFrom?: number;
    /** The right needed in each assignment's department: ADD, or DELETE to undo a deletion. */
    right?: 'ADD' | 'DELETE';
  },
): Promise<{ id: number; token?: string }> {
  const restoring = options.kind === 'restore';
  if (!actor.isAdmin && desired.assignments.length === 0)
    throw identityErrors.invalidField(
      'assignments',
      'validation:assignmentRequired',
      'Assign at least one role in a department you manage; otherwise you could not see the new user.',
    );
  assertSelfAndFlags(actor, {
    isSelf: false,
    adminBefore: false,
    adminAfter: desired.is_defaultadmin,
    statusBefore: desired.status,
    statusAfter: desired.status,
    assignmentsChanged: false,
  });
  await checkAdded(
    trx,
    actor,
    options.right ?? 'ADD',
    desired.assignments.map((assignment, index) => ({ assignment, index })),
    restoring,
  );
  const email = desired.email.toLowerCase();
  await assertUnique(trx, { ...desired, email });
  const now = nowIso();
  const id = await users.insert(trx, {
    ...(options.id !== undefined ? { id: options.id } : {}),
    username: desired.username,
    email,
    first_name: desired.first_name,
    last_name: desired.last_name,
    password_hash: NO_PASSWORD,
    status: desired.status,
    is_verified: 0,
    is_defaultadmin: desired.is_defaultadmin ? 1 : 0,
    failed_logins: 0,
    created_at: now,
    updated_at: now,
    created_by: actor.id,
    updated_by: actor.id,
  });
  await users.setAssignments(trx, id, [], desired.assignments);
  const token =
    desired.status === 'active' ? await issueMailToken(auth, trx, id, 'reset') : undefined;
  await writeHistory(trx, actor, id, options.kind, null, options.restoredFrom ?? null);
  return { id, token };
}

export function createUserWriter(deps: UserWriterDeps) {
  const steps = writerSteps(deps);
  return {
    load: steps.load,
    change: changeUser.bind(null, deps, steps),
    create: createUser.bind(null, deps, steps),
  };
}

export type UserWriter = ReturnType<typeof createUserWriter>;
