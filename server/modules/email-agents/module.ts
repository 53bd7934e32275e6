/**
 * The e-mail agent: accounts, the mailbox sync with its draft step, and what a person does with
 * a mailbox. The sync runs while the app is up (EMAIL_SYNC_SECONDS; 0: only when asked).
 */
import { readFileSync } from 'node:fs';
import { defineModule } from '../../module';
import { createIntegrationHosts } from '../../services/fetch/integration-hosts';
import { createSecretBox, secretsKey } from '../../services/security/secret-box';
import { chatModule } from '../chat/module';
import { identityModule } from '../identity/module';
import { createComposeDrafts, createComposeDraftsRepo } from './compose-drafts';
import { createDrafter } from './drafter';
import { createDraftsRepo } from './drafts-repo';
import { createMailboxRepo } from './mailbox-repo';
import { createMailboxService } from './mailbox-service';
import { createAccountRepo } from './repo';
import { registerEmailAgentRoutes } from './routes';
import { createEmailAgentService } from './service';
import { createMailboxSync } from './sync';

export const emailAgentsModule = defineModule({
  name: 'email-agents',
  build({ config, database, log }, from) {
    const { db } = database;
    const { answers, llm } = from(chatModule);
    const { defaultAdminId } = from(identityModule);
    const accountRepo = createAccountRepo(db);
    const mailbox = createMailboxRepo(db, { leaseMs: config.emailSyncLeaseSeconds * 1000 });
    const drafts = createDraftsRepo(db);
    const box = createSecretBox(secretsKey(config));
    const ca = config.emailCaFile ? readFileSync(config.emailCaFile, 'utf8') : undefined;
    const hosts = createIntegrationHosts(config.integrationHostsAllow);
    // A mailbox added or switched on is read at once, not at the sync's next round (the sync
    // exists by the time anyone adds one).
    const accounts = createEmailAgentService({
      db,
      repo: accountRepo,
      box,
      hosts,
      ca,
      activated: (id) => sync.syncSoon(id),
    });

    // The drafter sends at once for accounts without approval, through the mailbox service; the
    // sync drafts after each pass. Each calls the others only once all three exist.
    const drafter = createDrafter({
      mailbox,
      drafts,
      answers,
      llm,
      // Drafts of an account nobody made are logged under the first default administrator.
      logOwner: async (createdBy) => createdBy ?? (await defaultAdminId()),
      sendNow: async (account, draftId) => {
        const current = await accountRepo.find({ id: account.id });
        if (current) await service.sendDraft(current, draftId, null);
      },
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
    const composeDrafts = createComposeDraftsRepo(db);
    const service = createMailboxService({
      db,
      accounts,
      accountRepo,
      mailbox,
      drafts,
      composeDrafts,
      sync,
      log,
    });

    return {
      emailAgents: accounts,
      emailMailbox: service,
      emailComposeDrafts: createComposeDrafts({
        repo: composeDrafts,
        updatable: (actor, ref) => accounts.visible(actor, ref, 'UPDATE'),
      }),
      emailSync: {
        start: () => sync.start(config.emailSyncSeconds),
        stop: () => sync.stop(),
      },
    };
  },
  routes: registerEmailAgentRoutes,
  start: ({ emailSync }) => emailSync.start(),
  stop: ({ emailSync }) => emailSync.stop(),
});
