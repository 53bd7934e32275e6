/**
 * An account's connections and where its password may go:
 * - The sync and sending use the stored destination with the stored password.
 * - "Test connection" with an account id and no password may only reach that same stored
 *   destination: every field (hosts, ports, TLS modes, user name) is compared with the stored
 *   account, and any difference needs the password again (422). Otherwise a person allowed to
 *   edit the account could send its password, in clear, to a host of their choice.
 * - Every connection follows the integrations' host policy for the people behind it: the
 *   caller, and whoever created or last changed the account. If any of them is a Trial user,
 *   it reaches no private or loopback address at all.
 */
import { isTrialUser } from '../../../contract/access';
import type { z } from 'zod';
import {
  changedDestination,
  type connectionTestInputSchema,
  type EmailDestinationField,
} from '../../../contract/email-agents';
import type { IntegrationHosts } from '../../services/fetch/integration-hosts';
import {
  probeImap,
  probeSmtp,
  type MailboxConnection,
  type Probe,
  type Reach,
} from '../../services/mail/mailbox-connection';
import type { SecretBox } from '../../services/security/secret-box';
import type { Actor } from '../identity/public';
import { emailErrors } from './errors';
import type { AccountRecord, AccountRepo } from './repo';

interface ConnectionDeps {
  repo: AccountRepo;
  box: SecretBox;
  /** The integrations' host policy (INTEGRATION_HOSTS_ALLOW). */
  hosts: IntegrationHosts;
  /** EMAIL_CA_FILE's certificates, trusted for every mailbox's TLS. */
  ca?: string;
  /** The account the actor may change (404 otherwise). */
  updatable: (actor: Actor, ref: string) => Promise<AccountRecord>;
}

/** The answer of a test, and the detail of each failure for the request's log. */
interface ConnectionProbes {
  imap: Probe;
  smtp: Probe;
}

const trialActor = (actor: Actor | null | undefined) =>
  Boolean(actor && !actor.isAdmin && isTrialUser(actor.subject));

/** A change of any of these fields needs the password in the same request. */
export function assertSameDestination(
  stored: AccountRecord,
  next: Partial<Record<EmailDestinationField, string | number>>,
  password: string | undefined,
) {
  if (password !== undefined) return;
  const changed = changedDestination(stored, next);
  if (changed.length) throw emailErrors.passwordForNewDestination(changed);
}

export function createAccountConnections(deps: ConnectionDeps) {
  const { repo, box, hosts, ca } = deps;

  async function reachOf(account: AccountRecord | undefined, actor?: Actor | null): Promise<Reach> {
    const trial =
      trialActor(actor) ||
      (account !== undefined && (await repo.anyTrial([account.created_by, account.updated_by])));
    return { hosts, requester: { trial } };
  }

  return {
    /** The account's stored connection with its password opened, for the sync and sending. */
    async connectionOf(a: AccountRecord, actor?: Actor | null): Promise<MailboxConnection> {
      return {
        imap: { host: a.imap_host, port: a.imap_port, tls: a.imap_tls },
        smtp: { host: a.smtp_host, port: a.smtp_port, tls: a.smtp_tls },
        username: a.username,
        password: a.password_enc ? box.open(a.password_enc) : '',
        ca,
        reach: await reachOf(a, actor),
      };
    },

    /** Logs in over IMAP and over SMTP and says which one failed, in neutral words. */
    async testConnection(
      actor: Actor,
      input: z.infer<typeof connectionTestInputSchema>,
    ): Promise<ConnectionProbes> {
      let password = input.password;
      let stored: AccountRecord | undefined;
      if (password === undefined) {
        if (input.account_id === undefined) throw emailErrors.passwordRequired();
        stored = await deps.updatable(actor, String(input.account_id));
        assertSameDestination(stored, input, undefined);
        password = stored.password_enc ? box.open(stored.password_enc) : '';
      }
      const connection: MailboxConnection = {
        imap: { host: input.imap_host, port: input.imap_port, tls: input.imap_tls },
        smtp: { host: input.smtp_host, port: input.smtp_port, tls: input.smtp_tls },
        username: input.username,
        password,
        ca,
        reach: await reachOf(stored, actor),
      };
      const [imap, smtp] = await Promise.all([probeImap(connection), probeSmtp(connection)]);
      return { imap, smtp };
    },
  };
}
