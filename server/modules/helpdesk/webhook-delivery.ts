/**
 * Delivery of queued tickets to the helpdesks' webhooks. Rows of helpdesk_outbox are
 * claimed with a lease by one statement (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite runs one
 * writer at a time), posted with an HMAC-SHA256 signature, and either marked delivered (2xx)
 * or given their next attempt after an exponential back-off with jitter (base
 * HELPDESK_RETRY_MS, doubling, at most 15 minutes). A row is never dropped: a helpdesk that is
 * down, or switched off, gets its tickets when it is back. A process that dies mid-delivery
 * leaves a lease that runs out, and another process tries the row again (at least once).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { sql } from 'kysely';
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '../../../contract/helpdesk-api';
import type { Database } from '../../db/database';
import { skippingLocked } from '../../db/dialect';
import type { HelpdeskOutboxRow } from '../../db/schema';
import { FetchError, pinnedLookup, resolveChecked, type PinnedAddress } from '../../services/fetch';
import { parseAllowList, type AllowList } from '../../services/fetch/address-policy';
import { DeliveryError, failureOf } from './delivery-failure';

export const MAX_RETRY_DELAY_MS = 15 * 60_000;
const LEASE_MS = 60_000;

interface DeliveryOptions {
  database: Database;
  secretOf: (helpdeskId: number) => Promise<string | undefined>;
  retryBaseMs: number;
  /** URL_FETCH_ALLOW: private, loopback and link-local targets are refused unless listed. */
  allow: readonly string[];
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
  /** Rows claimed at once, and posted side by side. */
  batchSize?: number;
  timeoutMs?: number;
  /** How often an idle worker looks for due rows (others' or retries). */
  pollMs?: number;
}

/** `sha256=<hex>` over `<timestamp>.<body>`: what a helpdesk recomputes to trust a post. */
export function signature(secret: string, timestamp: string, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The address a webhook is posted to: its host resolved and every address checked like a web
 * page's (private, loopback and link-local ranges refused unless URL_FETCH_ALLOW lists them),
 * or why it may not be posted to. The post then connects to that checked address only, so a
 * name that answers differently the second time cannot reach the inside (DNS rebinding).
 */
export async function checkedTarget(
  url: URL,
  allow: AllowList,
): Promise<{ pinned: PinnedAddress } | { refused: string; code: DeliveryError['code'] }> {
  try {
    return { pinned: await resolveChecked(url, allow) };
  } catch (error) {
    if (error instanceof FetchError && error.kind === 'refused')
      return {
        refused: `${error.message} (URL_FETCH_ALLOW does not list it)`,
        code: 'address_refused',
      };
    return { refused: (error as Error).message, code: 'unreachable' };
  }
}

/** POSTs `body` to `url`, connecting to `pinned` only; resolves with the answer's status. */
export function postPinned(
  url: URL,
  pinned: PinnedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      lookup: pinnedLookup(pinned),
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export function retryDelayMs(base: number, attempts: number, random = Math.random): number {
  const exponential = Math.min(MAX_RETRY_DELAY_MS, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

export function createWebhookDelivery(options: DeliveryOptions) {
  const { database, secretOf, log } = options;
  const { db } = database;
  const batchSize = options.batchSize ?? 50;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pollMs = options.pollMs ?? 1000;
  const allow = parseAllowList(options.allow);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;
  /** The earliest retry the last pass scheduled, so the next pass is not a poll late. */
  let soonestRetry: number | undefined;

  async function claim(): Promise<HelpdeskOutboxRow[]> {
    const now = new Date();
    const nowText = now.toISOString();
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    const lock = skippingLocked(database.dialect);
    // A ticket's events go in order: one waits while an earlier one of its ticket is pending.
    const { rows } = await sql<HelpdeskOutboxRow>`
      update helpdesk_outbox set lease_until = ${lease}
       where id in (select o.id from helpdesk_outbox o
                     where o.state = 'pending' and o.next_attempt_at <= ${nowText}
                       and (o.lease_until is null or o.lease_until < ${nowText})
                       and not exists (select 1 from helpdesk_outbox e
                                        where e.ticket_id = o.ticket_id and e.state = 'pending'
                                          and e.id < o.id)
                     order by o.id limit ${batchSize} ${lock})
      returning *`.execute(db);
    return rows;
  }

  /** A helpdesk's address and secret, read once per pass. */
  type Target =
    | {
        url: URL;
        active: boolean;
        secret: string | undefined;
        to: Awaited<ReturnType<typeof checkedTarget>>;
      }
    | undefined;
  async function targetOf(helpdeskId: number): Promise<Target> {
    const helpdesk = await db
      .selectFrom('helpdesks')
      .select(['site_url', 'webhook_path', 'status'])
      .where('id', '=', helpdeskId)
      .executeTakeFirst();
    if (!helpdesk) return undefined;
    const url = new URL(helpdesk.site_url + helpdesk.webhook_path);
    return {
      url,
      to: await checkedTarget(url, allow),
      active: helpdesk.status === 1,
      secret: await secretOf(helpdeskId),
    };
  }

  /** Posts one row; resolves with the helpdesk's 2xx status, throws a DeliveryError. */
  async function post(
    row: HelpdeskOutboxRow,
    targets: Map<number, Promise<Target>>,
  ): Promise<number> {
    if (!targets.has(row.helpdesk_id)) targets.set(row.helpdesk_id, targetOf(row.helpdesk_id));
    const target = await targets.get(row.helpdesk_id);
    if (!target) throw new DeliveryError('helpdesk_gone', 'the helpdesk is gone');
    if (!target.active) throw new DeliveryError('switched_off', 'the helpdesk is switched off');
    if ('refused' in target.to) throw new DeliveryError(target.to.code, target.to.refused);
    const { secret } = target;
    if (!secret) throw new DeliveryError('no_secret', 'the helpdesk has no signing secret');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signature(secret, timestamp, row.payload),
      [TIMESTAMP_HEADER]: timestamp,
      [DELIVERY_HEADER]: String(row.id),
    };
    // A redirect is not followed: it counts as a failed delivery, as any answer but 2xx.
    const status = await postPinned(
      target.url,
      target.to.pinned,
      headers,
      row.payload,
      timeoutMs,
    ).catch((error: unknown) => {
      throw failureOf(error);
    });
    if (status < 200 || status > 299)
      throw new DeliveryError('http_status', `the helpdesk answered ${status}`, status);
    return status;
  }

  /** Delivers what is due now, batch after batch; returns how many were delivered. */
  async function drainDue(): Promise<number> {
    let delivered = 0;
    const targets = new Map<number, Promise<Target>>();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return delivered;
      const results = await Promise.allSettled(rows.map((row) => post(row, targets)));
      const now = new Date();
      const at = now.toISOString();
      for (const [i, row] of rows.entries()) {
        const result = results[i];
        if (result.status === 'fulfilled') {
          delivered += 1;
          await db
            .updateTable('helpdesk_outbox')
            .set({
              state: 'delivered',
              delivered_at: at,
              lease_until: null,
              last_error: null,
              last_attempt_at: at,
              last_status: result.value,
              last_reason: null,
            })
            .where('id', '=', row.id)
            .execute();
          continue;
        }
        const failure = failureOf(result.reason);
        const attempts = row.attempts + 1;
        const delay = retryDelayMs(options.retryBaseMs, attempts);
        soonestRetry = Math.min(soonestRetry ?? delay, delay);
        const reason = failure.message.slice(0, 300);
        log.warn(
          { delivery: row.id, attempts, reason, code: failure.code },
          'helpdesk webhook failed; retrying later',
        );
        await db
          .updateTable('helpdesk_outbox')
          .set({
            attempts,
            last_error: reason,
            last_attempt_at: at,
            last_status: failure.status,
            last_reason: failure.code,
            lease_until: null,
            next_attempt_at: new Date(now.getTime() + delay).toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  }

  /** One pass (never two at once in this process); a kick during a pass runs another. */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drainDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'helpdesk webhook delivery failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        const retry = soonestRetry;
        soonestRetry = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(Math.min(pollMs, retry ?? pollMs));
      });
    return running;
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    /** A ticket was queued: try it now rather than at the next poll. */
    kick() {
      if (!stopped) void run();
    },
    /**
     * Someone asked to try a ticket again now: its pending events are due at once (their
     * attempts count on, so the back-off after another failure stays long) and a pass starts.
     * False when nothing of it was pending.
     */
    async retryNow(ticketId: number): Promise<boolean> {
      const result = await db
        .updateTable('helpdesk_outbox')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('ticket_id', '=', ticketId)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      if (!stopped) void run();
      return true;
    },
    /** Delivers everything due now (tests and the benchmark). */
    drainDue,
    /** Rows not yet delivered. */
    async pending(): Promise<number> {
      const { n } = await db
        .selectFrom('helpdesk_outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}
