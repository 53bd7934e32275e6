/**
 * E-mail accounts (SPEC §3, §4, §6, §7). Rules:
 * - Department scope: an account belongs to one department; a reader sees it when they hold
 *   the route's Email_agent right there (a default administrator: everywhere).
 * - Knowledge: drafts may answer only from departments where the person who sets them holds
 *   the Email_agent right of the call AND Query.QUERY_DOCUMENT (403 otherwise).
 * - The password is sealed (services/security/secret-box) before it is stored; no answer, log
 *   line or history entry carries it. It goes only to the destination it was stored with: a
 *   change of host, port, TLS mode or user name needs it again (connections.ts).
 * - `{email_id}` is a numeric id or the account's address.
 */
import { departmentScope, inScope } from '../../../contract/access';
import {
  changedDestination,
  type EmailAccount,
  type EmailAccountCreate,
  type EmailAccountUpdate,
  type EmailHistoryEntry,
} from '../../../contract/email-agents';
import type { Paged } from '../../../contract/paging';
import type { ActionName } from '../../../contract/permissions';
import { nowIso } from '../../db/database';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { IntegrationHosts } from '../../services/fetch/integration-hosts';
import type { SecretBox } from '../../services/security/secret-box';
import { type Actor, actorNames } from '../identity/public';
import { changesOf, HIDDEN, toAccount } from './account-shape';
import { assertSameDestination, createAccountConnections } from './connections';
import { emailErrors } from './errors';
import type { AccountRecord, AccountRepo } from './repo';

const MAX_ID = 2_147_483_647;

function accountRef(text: string): { id: number } | { email: string } | undefined {
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    return id >= 1 && id <= MAX_ID ? { id } : undefined;
  }
  return text.includes('@') && text.length <= 254 ? { email: text.toLowerCase() } : undefined;
}

interface AccountDeps {
  db: Kysely<DB>;
  repo: AccountRepo;
  box: SecretBox;
  /** The integrations' host policy (INTEGRATION_HOSTS_ALLOW) every connection follows. */
  hosts: IntegrationHosts;
  /** EMAIL_CA_FILE's certificates, trusted for every mailbox's TLS. */
  ca?: string;
  /**
   * An active account was added, switched on, or given a new server or password: its mail
   * should be read now rather than at the next round of the sync.
   */
  activated?: (id: number) => void;
}

export function createEmailAgentService({ db, repo, box, hosts, ca, activated }: AccountDeps) {
  function isVisible(actor: Actor, account: AccountRecord, action: ActionName): boolean {
    const scope = departmentScope(actor.subject, 'Email_agent', action);
    if (scope === 'all') return true;
    return account.department_id !== null && inScope(scope, account.department_id);
  }

  async function visible(actor: Actor, ref: string, action: ActionName): Promise<AccountRecord> {
    const parsed = accountRef(ref);
    const account = parsed && (await repo.find(parsed));
    if (!account || !isVisible(actor, account, action)) throw emailErrors.notFound();
    return account;
  }

  async function assertDepartment(actor: Actor, id: number, action: ActionName) {
    if ((await repo.existingDepartments([id])).length === 0) throw emailErrors.unknownDepartment();
    if (!inScope(departmentScope(actor.subject, 'Email_agent', action), id))
      throw emailErrors.departmentForbidden();
  }

  async function assertKnowledge(actor: Actor, ids: readonly number[], action: ActionName) {
    const existing = new Set(await repo.existingDepartments(ids));
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length) throw emailErrors.unknownDepartments(unknown);
    const managed = departmentScope(actor.subject, 'Email_agent', action);
    const readable = departmentScope(actor.subject, 'Query', 'QUERY_DOCUMENT');
    const refused = ids.filter((id) => !inScope(managed, id) || !inScope(readable, id));
    if (refused.length) throw emailErrors.knowledgeForbidden(refused);
  }

  /**
   * An account's history; a deleted account's too (kept: who approved and sent what outlives
   * the account), for whoever holds Email_agent VIEW in the department it was last in.
   */
  async function historyOf(actor: Actor, ref: string, query: { page: number; size: number }) {
    const parsed = accountRef(ref);
    const account = parsed && (await repo.find(parsed));
    if (account) {
      if (!isVisible(actor, account, 'VIEW')) throw emailErrors.notFound();
      return repo.history(account.id, query.page, query.size);
    }
    if (!parsed) throw emailErrors.notFound();
    const gone = await repo.deletedHistory(parsed, query.page, query.size);
    const scope = departmentScope(actor.subject, 'Email_agent', 'VIEW');
    const allowed =
      scope === 'all' || (gone.departmentId !== null && inScope(scope, gone.departmentId));
    if (gone.total === 0 || !allowed) throw emailErrors.notFound();
    return gone;
  }

  async function shaped(accounts: AccountRecord[]): Promise<EmailAccount[]> {
    const names = await actorNames(
      db,
      accounts.flatMap((a) => [a.created_by, a.updated_by]),
    );
    return accounts.map((a) => toAccount(a, names));
  }

  async function reread(id: number): Promise<EmailAccount> {
    const account = await repo.find({ id });
    if (!account) throw emailErrors.notFound();
    return (await shaped([account]))[0];
  }

  const connections = createAccountConnections({
    repo,
    box,
    hosts,
    ca,
    updatable: (actor, ref) => visible(actor, ref, 'UPDATE'),
  });

  return {
    visible,
    connectionOf: connections.connectionOf,
    testConnection: connections.testConnection,

    async list(actor: Actor, query: { page: number; size: number; search?: string }) {
      const scope = departmentScope(actor.subject, 'Email_agent', 'LIST_VIEW');
      const { total, items } = await repo.list(scope, query.search, query.page, query.size);
      const page: Paged<EmailAccount> = {
        items: await shaped(items),
        total,
        page: query.page,
        size: query.size,
      };
      return page;
    },

    async get(actor: Actor, ref: string): Promise<EmailAccount> {
      return (await shaped([await visible(actor, ref, 'VIEW')]))[0];
    },

    async create(actor: Actor, input: EmailAccountCreate): Promise<EmailAccount> {
      await assertDepartment(actor, input.department_id, 'ADD');
      await assertKnowledge(actor, input.knowledge_departments, 'ADD');
      if (await repo.emailTaken(input.email)) throw emailErrors.emailTaken();
      const now = nowIso();
      const { knowledge_departments, password, status, require_approval, ...rest } = input;
      const changes = Object.fromEntries(
        Object.entries({ ...input, password: HIDDEN }).map(([k, v]) => [k, [null, v]]),
      ) as Record<string, [unknown, unknown]>;
      const id = await repo.insert(
        {
          ...rest,
          password_enc: box.seal(password),
          status: status ? 1 : 0,
          require_approval: require_approval ? 1 : 0,
          created_by: actor.id,
          updated_by: actor.id,
          created_at: now,
          updated_at: now,
        },
        knowledge_departments,
        { action: 'created', actorId: actor.id, actorName: actor.name, changes },
      );
      if (status) activated?.(id);
      return reread(id);
    },

    async update(actor: Actor, ref: string, input: EmailAccountUpdate): Promise<EmailAccount> {
      const account = await visible(actor, ref, 'UPDATE');
      assertSameDestination(account, input, input.password);
      if (input.department_id !== undefined && input.department_id !== account.department_id)
        await assertDepartment(actor, input.department_id, 'UPDATE');
      const knowledgeChanged =
        input.knowledge_departments !== undefined &&
        JSON.stringify(input.knowledge_departments) !== JSON.stringify(account.knowledge);
      if (knowledgeChanged && input.knowledge_departments)
        await assertKnowledge(actor, input.knowledge_departments, 'UPDATE');
      if (input.email && (await repo.emailTaken(input.email, account.id)))
        throw emailErrors.emailTaken();
      const { knowledge_departments, password, status, require_approval, ...rest } = input;
      await repo.update(
        account.id,
        {
          ...rest,
          ...(password !== undefined ? { password_enc: box.seal(password) } : {}),
          ...(status !== undefined ? { status: status ? 1 : 0 } : {}),
          ...(require_approval !== undefined ? { require_approval: require_approval ? 1 : 0 } : {}),
          updated_by: actor.id,
          updated_at: nowIso(),
        },
        knowledgeChanged ? knowledge_departments : undefined,
        {
          action: 'updated',
          actorId: actor.id,
          actorName: actor.name,
          changes: changesOf(account, input),
        },
      );
      const wasOn = account.status === 1;
      const reconnected = password !== undefined || changedDestination(account, input).length > 0;
      if (status !== false && (wasOn ? reconnected : status === true)) activated?.(account.id);
      return reread(account.id);
    },

    async remove(actor: Actor, ref: string): Promise<{ message: string }> {
      const account = await visible(actor, ref, 'DELETE');
      await repo.remove(account.id, {
        action: 'deleted',
        actorId: actor.id,
        actorName: actor.name,
        changes: { email: [account.email, null], title: [account.title, null] },
      });
      return { message: 'The e-mail account was deleted.' };
    },

    async history(
      actor: Actor,
      ref: string,
      query: { page: number; size: number },
    ): Promise<Paged<EmailHistoryEntry>> {
      const { total, rows } = await historyOf(actor, ref, query);
      return {
        total,
        page: query.page,
        size: query.size,
        items: rows.map((r) => ({
          id: r.id,
          action: r.action as EmailHistoryEntry['action'],
          actor:
            r.actor_id === null && r.actor_name === null
              ? null
              : { id: r.actor_id ?? 0, name: r.actor_name ?? '' },
          changes: JSON.parse(r.changes) as Record<string, [unknown, unknown]>,
          draft_id: r.draft_id,
          created_at: r.created_at,
        })),
      };
    },
  };
}

export type EmailAgentService = ReturnType<typeof createEmailAgentService>;
