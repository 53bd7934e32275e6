/**
 * The mailbox sync: for each active account, one short IMAP connection reads what
 * arrived in INBOX and Sent since the last sync, by UIDVALIDITY and UID, and closes.
 *
 * - Incremental: a folder whose UIDVALIDITY is unchanged is read from the last stored UID on;
 *   one whose UIDNEXT shows nothing new is not fetched at all. A new UIDVALIDITY (the server
 *   renumbered the folder) reads it again under the new value.
 * - Idempotent: messages are stored in batches, each in one transaction with the folder's mark
 *   (mailbox-repo storeBatch). Killed mid-way, a sync leaves a consistent mark; run again it
 *   goes on from there, and what was stored twice is skipped by the unique key.
 * - One sync per account at a time, across processes (a lease on the account row).
 * - `start(seconds)` runs it for all active accounts on a timer, started with the app, and
 *   `syncSoon(id)` runs it at once for one account just added or switched on (through the same
 *   lease), so its mail does not wait up to a whole period.
 */
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { SyncFailure } from '../../../contract/email-agents';
import type { MailboxConnection } from '../../services/mail/mailbox-connection';
import { MailConnectionError, withImap } from '../../services/mail/mailbox-connection';
import type { Actor } from '../identity/public';
import type { MailboxRepo, NewMessage } from './mailbox-repo';
import { parserThread, type ParserThread } from './parser-thread';
import type { AccountRecord, AccountRepo } from './repo';

const HISTORY_GRACE_MS = 2000;

interface SyncOptions {
  batchSize?: number;
  signal?: AbortSignal;
  /** After each stored batch (tests stop a sync mid-way here). */
  onBatch?: (stored: number) => void;
  /** Who asked for it (the job: nobody); their reach counts with the account's. */
  actor?: Actor | null;
}

interface SyncResult {
  stored: number;
  skipped: boolean;
}

interface SyncDeps {
  accounts: AccountRepo;
  repo: MailboxRepo;
  connectionOf: (account: AccountRecord, actor?: Actor | null) => Promise<MailboxConnection>;
  /** Called after a sync stored inbound messages (the draft step). */
  afterSync?: (account: AccountRecord) => Promise<void>;
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
}

/** The Sent folder: the one marked \Sent, else one named Sent. */
async function sentPath(client: ImapFlow): Promise<string | null> {
  const list = await client.list();
  return (
    list.find((m) => m.specialUse === '\\Sent')?.path ??
    list.find((m) => /^sent$/i.test(m.name))?.path ??
    null
  );
}

export function createMailboxSync(deps: SyncDeps) {
  const { accounts, repo } = deps;

  async function syncFolder(
    client: ImapFlow,
    parser: ParserThread,
    account: AccountRecord,
    path: string,
    stored: 'inbox' | 'sent',
    options: SyncOptions,
  ): Promise<number> {
    const lock = await client.getMailboxLock(path, { readOnly: true });
    try {
      const box = client.mailbox;
      if (!box) return 0;
      const uidValidity = String(box.uidValidity);
      let state = await repo.state(account.id, stored);
      if (state && state.uidValidity !== uidValidity) {
        await repo.resetState(account.id, stored, uidValidity);
        state = { uidValidity, lastUid: 0 };
      }
      const lastUid = state?.lastUid ?? 0;
      if (box.exists === 0 || (box.uidNext !== undefined && box.uidNext <= lastUid + 1)) return 0;

      const batchSize = options.batchSize ?? 200;
      let batch: NewMessage[] = [];
      let total = 0;
      const flush = async (upTo: number) => {
        // Mail the account holds already (a folder renumbered under a new UIDVALIDITY) is kept
        // again but never answered again.
        const known = await repo.knownMessageIds(
          account.id,
          stored,
          batch.flatMap((m) => (m.row.message_id ? [m.row.message_id] : [])),
        );
        for (const m of batch)
          if (m.row.draft_state === 'pending' && m.row.message_id && known.has(m.row.message_id))
            m.row.draft_state = 'history';
        const ids = await repo.storeBatch(account.id, stored, uidValidity, batch, upTo);
        total += ids.length;
        batch = [];
        options.onBatch?.(total);
      };
      let highest = lastUid;
      // The server's arrival time has whole seconds; a little grace for that and for clocks.
      const connectedAt = Date.parse(account.created_at) - HISTORY_GRACE_MS;
      const folder = stored === 'inbox' ? 'INBOX' : 'Sent';
      const messages = client.fetch(
        `${lastUid + 1}:*`,
        { uid: true, source: true, internalDate: true },
        { uid: true },
      ) as AsyncIterable<FetchMessageObject>;
      for await (const message of messages) {
        if (options.signal?.aborted) throw new Error('sync stopped');
        // `n:*` also answers the last message when n is beyond it.
        if (message.uid <= lastUid || !message.source) continue;
        const parsed = await parser.parse(message.source, message.uid, folder, account.email);
        // Only mail that arrives once the account is connected is answered: a mailbox added
        // with years of mail must not draft (or, without approval, send) a reply to each.
        const arrived = message.internalDate
          ? new Date(message.internalDate).getTime()
          : Date.now();
        if (parsed.row.draft_state === 'pending' && arrived < connectedAt)
          parsed.row.draft_state = 'history';
        batch.push(parsed);
        highest = Math.max(highest, message.uid);
        if (batch.length >= batchSize) await flush(highest);
      }
      if (batch.length || highest > lastUid) await flush(highest);
      return total;
    } finally {
      lock.release();
    }
  }

  async function syncAccount(
    account: AccountRecord,
    options: SyncOptions = {},
  ): Promise<SyncResult> {
    if (!(await repo.lease(account.id))) return { stored: 0, skipped: true };
    let stored = 0;
    let failure: { message: string; code: SyncFailure } | null = null;
    const parser = parserThread();
    try {
      await withImap(await deps.connectionOf(account, options.actor), async (client) => {
        stored += await syncFolder(client, parser, account, 'INBOX', 'inbox', options);
        const sent = await sentPath(client);
        if (sent) stored += await syncFolder(client, parser, account, sent, 'sent', options);
      });
    } catch (error) {
      // A refused host or a failed connection is recorded in neutral words; the detail is logged.
      failure = {
        message: error instanceof Error ? error.message.slice(0, 300) : String(error),
        code: error instanceof MailConnectionError ? error.code : 'sync_failed',
      };
      if (error instanceof MailConnectionError)
        deps.log.warn(
          { account: account.id, code: error.code, detail: error.detail },
          'mailbox connection failed',
        );
      throw error;
    } finally {
      await repo.release(account.id, failure);
    }
    if (deps.afterSync) await deps.afterSync(account);
    return { stored, skipped: false };
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  /** Syncs asked for by syncSoon, still running (stop() waits for them). */
  const soon = new Set<Promise<void>>();

  async function syncAll(): Promise<void> {
    for (const id of await accounts.activeIds()) {
      if (stopping.signal.aborted) return;
      const account = await accounts.find({ id });
      if (!account || account.status !== 1) continue;
      try {
        await syncAccount(account, { signal: stopping.signal });
      } catch (error) {
        deps.log.warn({ account: id, err: (error as Error).message }, 'mailbox sync failed');
      }
    }
  }

  return {
    syncAccount,
    syncAll,
    /** Syncs every active account now and then every `seconds` (0: never on its own). */
    start(seconds: number) {
      if (seconds <= 0 || timer) return;
      const tick = () => {
        if (running) return;
        running = syncAll()
          .catch((error: unknown) => deps.log.error({ err: error }, 'mailbox sync round failed'))
          .finally(() => {
            running = null;
          });
      };
      timer = setInterval(tick, seconds * 1000);
      timer.unref();
      tick();
    },
    /**
     * Syncs the account now, in the background, when the timer runs (EMAIL_SYNC_SECONDS 0 means
     * "only when asked", so nothing then). It takes the account's lease as every sync does:
     * another process or the timer's round already on the account makes it a no-op.
     */
    syncSoon(id: number) {
      if (!timer || stopping.signal.aborted) return;
      const run: Promise<void> = (async () => {
        const account = await accounts.find({ id });
        if (!account || account.status !== 1 || !account.imap_host) return;
        await syncAccount(account, { signal: stopping.signal });
      })()
        .catch((error: unknown) =>
          deps.log.warn({ account: id, err: (error as Error).message }, 'mailbox sync failed'),
        )
        .finally(() => soon.delete(run));
      soon.add(run);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await Promise.all([running, ...soon]);
    },
  };
}

export type MailboxSync = ReturnType<typeof createMailboxSync>;
