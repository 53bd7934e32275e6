/**
 * Delivery of queued tickets to the helpdesks' webhooks (issue 17). Rows of helpdesk_outbox are
 * claimed with a lease by one statement (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite runs one
 * writer at a time), posted with an HMAC-SHA256 signature, and either marked delivered (2xx)
 * or given their next attempt after an exponential back-off with jitter (base
 * HELPDESK_RETRY_MS, doubling, at most 15 minutes). A row is never dropped: a helpdesk that is
 * down, or switched off, gets its tickets when it is back. A process that dies mid-delivery
 * leaves a lease that runs out, and another process tries the row again (at least once).
 */
import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { sql } from 'kysely';
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '../../../contract/helpdesk-api';
import type { Database } from '../../db/database';
import type { HelpdeskOutboxRow } from '../../db/schema';
import {
  forbiddenRange,
  parseAllowList,
  type AllowList,
} from '../../services/fetch/address-policy';

export const MAX_RETRY_DELAY_MS = 15 * 60_000;
const LEASE_MS = 60_000;

export interface DeliveryOptions {
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
 * Why a webhook address may not be posted to (it resolves into a private, loopback or link-local
 * range that URL_FETCH_ALLOW does not list), or undefined. Every address of the name must pass.
 */
export async function refusedTarget(url: URL, allow: AllowList): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  if (allow.hostAllowed(host)) return undefined;
  for (const address of addresses) {
    const range = forbiddenRange(address);
    if (range && !allow.addressAllowed(address))
      return `${url.origin} resolves to ${range} address (URL_FETCH_ALLOW does not list it)`;
  }
  return undefined;
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
    const lock = database.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const { rows } = await sql<HelpdeskOutboxRow>`
      update helpdesk_outbox set lease_until = ${lease}
       where id in (select id from helpdesk_outbox
                     where state = 'pending' and next_attempt_at <= ${nowText}
                       and (lease_until is null or lease_until < ${nowText})
                     order by id limit ${batchSize} ${lock})
      returning *`.execute(db);
    return rows;
  }

  /** A helpdesk's address and secret, read once per pass. */
  type Target =
    | { url: string; active: boolean; secret: string | undefined; refused: string | undefined }
    | undefined;
  async function targetOf(helpdeskId: number): Promise<Target> {
    const helpdesk = await db
      .selectFrom('helpdesks')
      .select(['site_url', 'webhook_path', 'status'])
      .where('id', '=', helpdeskId)
      .executeTakeFirst();
    if (!helpdesk) return undefined;
    const url = helpdesk.site_url + helpdesk.webhook_path;
    return {
      url,
      refused: await refusedTarget(new URL(url), allow).catch(
        (error: unknown) => `the host could not be found (${(error as Error).message})`,
      ),
      active: helpdesk.status === 1,
      secret: await secretOf(helpdeskId),
    };
  }

  async function post(row: HelpdeskOutboxRow, targets: Map<number, Promise<Target>>) {
    if (!targets.has(row.helpdesk_id)) targets.set(row.helpdesk_id, targetOf(row.helpdesk_id));
    const target = await targets.get(row.helpdesk_id);
    if (!target) throw new Error('the helpdesk is gone');
    if (!target.active) throw new Error('the helpdesk is switched off');
    if (target.refused) throw new Error(target.refused);
    const { secret } = target;
    if (!secret) throw new Error('the helpdesk has no signing secret');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signature(secret, timestamp, row.payload),
        [TIMESTAMP_HEADER]: timestamp,
        [DELIVERY_HEADER]: String(row.id),
      },
      body: row.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299)
      throw new Error(`the helpdesk answered ${response.status}`);
  }

  /** Delivers what is due now, batch after batch; returns how many were delivered. */
  async function drainDue(): Promise<number> {
    let delivered = 0;
    const targets = new Map<number, Promise<Target>>();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return delivered;
      const results = await Promise.allSettled(rows.map((row) => post(row, targets)));
      const ok = rows.filter((_, i) => results[i].status === 'fulfilled').map((r) => r.id);
      const now = new Date();
      if (ok.length > 0)
        await db
          .updateTable('helpdesk_outbox')
          .set({
            state: 'delivered',
            delivered_at: now.toISOString(),
            lease_until: null,
            last_error: null,
          })
          .where('id', 'in', ok)
          .execute();
      delivered += ok.length;
      for (const [i, row] of rows.entries()) {
        const result = results[i];
        if (result.status === 'fulfilled') continue;
        const attempts = row.attempts + 1;
        const delay = retryDelayMs(options.retryBaseMs, attempts);
        soonestRetry = Math.min(soonestRetry ?? delay, delay);
        const reason = String((result.reason as Error)?.message ?? result.reason).slice(0, 300);
        log.warn({ delivery: row.id, attempts, reason }, 'helpdesk webhook failed; retrying later');
        await db
          .updateTable('helpdesk_outbox')
          .set({
            attempts,
            last_error: reason,
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

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
