/**
 * One mailbox sync in a process of its own, for the test that kills a sync mid-way:
 * argv: data directory, database URL ('' for the directory's SQLite file), account id, batch
 * size, INTEGRATION_HOSTS_ALLOW (the parent app's). It prints "stored <n>" after each stored
 * batch and waits a moment there, so the test can SIGKILL it between two batches or in the
 * middle of one.
 */
import { parseEnv } from '../config';
import { createDatabase } from '../db/database';
import { createMailboxRepo } from '../modules/email-agents/mailbox-repo';
import { createAccountRepo } from '../modules/email-agents/repo';
import { createEmailAgentService } from '../modules/email-agents/service';
import { createMailboxSync } from '../modules/email-agents/sync';
import { createIntegrationHosts } from '../services/fetch/integration-hosts';
import { createSecretBox, secretsKey } from '../services/security/secret-box';

const [dataDir, databaseUrl, accountId, batchSize, allow] = process.argv.slice(2);
const config = parseEnv({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl || undefined,
  INTEGRATION_HOSTS_ALLOW: allow || undefined,
});
const database = createDatabase(config);
const { db } = database;
const accountRepo = createAccountRepo(db);
const accounts = createEmailAgentService({
  db,
  repo: accountRepo,
  box: createSecretBox(secretsKey(config)),
  hosts: createIntegrationHosts(config.integrationHostsAllow),
});
const sync = createMailboxSync({
  accounts: accountRepo,
  repo: createMailboxRepo(db),
  connectionOf: accounts.connectionOf,
  log: { warn: () => undefined, error: () => undefined },
});
const account = await accountRepo.find({ id: Number(accountId) });
if (!account) throw new Error('no such account');
await sync.syncAccount(account, {
  batchSize: Number(batchSize),
  onBatch: (stored) => {
    process.stdout.write(`stored ${stored}\n`);
    // Busy-wait: the next batch starts only after the parent had its chance to kill us.
    const until = Date.now() + 150;
    while (Date.now() < until);
  },
});
process.stdout.write('done\n');
await database.close();
