/**
 * The e-mail agent area, built once by the container (issue 16): accounts, the mailbox sync
 * with its draft step, and what a person does with a mailbox.
 */
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { createIntegrationHosts } from '../../services/fetch/integration-hosts';
import type { LlmProvider } from '../../services/llm/openai';
import { createSecretBox, secretsKey } from '../../services/security/secret-box';
import type { AnswerService } from '../chat/answering/answer-service';
import { createDrafter } from './drafter';
import { createDraftsRepo } from './drafts-repo';
import { createMailboxRepo } from './mailbox-repo';
import { createMailboxService } from './mailbox-service';
import { createAccountRepo } from './repo';
import { createEmailAgentService } from './service';
import { createMailboxSync } from './sync';

export function createEmailArea(
  deps: AppDeps,
  log: FastifyBaseLogger,
  assistant: { answers: AnswerService; llm: LlmProvider | null },
) {
  const { db } = deps.database;
  const accountRepo = createAccountRepo(db);
  const mailbox = createMailboxRepo(db);
  const drafts = createDraftsRepo(db);
  const box = createSecretBox(secretsKey(deps.config));
  const ca = deps.config.emailCaFile ? readFileSync(deps.config.emailCaFile, 'utf8') : undefined;
  const hosts = createIntegrationHosts(deps.config.integrationHostsAllow);
  const accounts = createEmailAgentService({ db, repo: accountRepo, box, hosts, ca });

  // The drafter sends at once for accounts without approval; the service it sends with is
  // built after it, so the call goes through this late binding.
  let sendNow: (accountId: number, draftId: number) => Promise<void> = async () => undefined;
  const drafter = createDrafter({
    mailbox,
    drafts,
    answers: assistant.answers,
    llm: assistant.llm,
    logOwner: async (createdBy) => {
      if (createdBy !== null) return createdBy;
      const admin = await db
        .selectFrom('users')
        .select('id')
        .where('is_defaultadmin', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return admin.id;
    },
    sendNow: (account, draftId) => sendNow(account.id, draftId),
    log,
  });
  const sync = createMailboxSync({
    accounts: accountRepo,
    repo: mailbox,
    connectionOf: accounts.connectionOf,
    afterSync: async (account) => {
      // Sends that died mid-way are settled first (Sent has just been read).
      await service.recoverStale(account);
      await drafter.draftPending(account);
    },
    log,
  });
  const service = createMailboxService({
    db,
    accounts,
    accountRepo,
    mailbox,
    drafts,
    sync,
    log,
  });
  sendNow = async (accountId, draftId) => {
    const account = await accountRepo.find({ id: accountId });
    if (account) await service.sendDraft(account, draftId, null);
  };

  return {
    emailAgents: accounts,
    emailMailbox: service,
    emailSync: {
      start: () => sync.start(deps.config.emailSyncSeconds),
      stop: () => sync.stop(),
      /** For tests and the benchmark: one account's sync, with its options. */
      syncAccount: sync.syncAccount,
      drafter,
    },
  };
}
