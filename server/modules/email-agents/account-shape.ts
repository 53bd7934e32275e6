/** An account as the API answers it, and what an update changed (never the password). */
import {
  SYNC_FAILURES,
  type EmailAccount,
  type EmailAccountUpdate,
  type SyncFailure,
} from '../../../contract/email-agents';
import { type ActorNames, actorRef } from '../identity/public';
import type { AccountRecord } from './repo';

export const HIDDEN = '••••';

/** The stored code; a failure recorded before codes were (0038) reads as a generic one. */
function syncFailureOf(code: string | null, error: string | null): SyncFailure | null {
  if (code && (SYNC_FAILURES as readonly string[]).includes(code)) return code as SyncFailure;
  return error ? 'sync_failed' : null;
}

export function toAccount(a: AccountRecord, names: ActorNames): EmailAccount {
  return {
    id: a.id,
    email: a.email,
    title: a.title,
    status: a.status === 1,
    department_id: a.department_id,
    department_name: a.department_name,
    imap_host: a.imap_host,
    imap_port: a.imap_port,
    imap_tls: a.imap_tls,
    smtp_host: a.smtp_host,
    smtp_port: a.smtp_port,
    smtp_tls: a.smtp_tls,
    username: a.username,
    has_password: a.password_enc !== '',
    knowledge_departments: a.knowledge,
    require_approval: a.require_approval === 1,
    signature: a.signature,
    last_sync_at: a.last_sync_at,
    last_sync_error: a.last_sync_error,
    last_sync_error_code: syncFailureOf(a.last_sync_error_code, a.last_sync_error),
    created_by: actorRef(names, a.created_by),
    updated_by: actorRef(names, a.updated_by),
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

/** The fields an update changed, old and new; the password only as a mark. */
export function changesOf(before: AccountRecord, input: EmailAccountUpdate) {
  const changes: Record<string, [unknown, unknown]> = {};
  const old: Record<string, unknown> = {
    ...before,
    status: before.status === 1,
    require_approval: before.require_approval === 1,
    knowledge_departments: before.knowledge,
  };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (key === 'password') changes.password = [HIDDEN, HIDDEN];
    else if (JSON.stringify(old[key]) !== JSON.stringify(value)) changes[key] = [old[key], value];
  }
  return changes;
}
