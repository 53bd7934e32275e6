/**
 * Component-test helpers for the e-mail screens: an in-memory `/email-agent` API on MSW. Every
 * body a screen sends is read with its contract schema (a body the contract refuses fails the
 * test) and every answer is checked against the contract's answer schema. Tests only.
 */
import { configure } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { apiPaths } from '@contract/api-paths';
import {
  emailAccountPageSchema,
  emailAccountSchema,
  emailAccountUpdateSchema,
  emailHistoryPageSchema,
  emailRoutes,
  type EmailAccount,
  type EmailHistoryEntry,
} from '@contract/email-agents';
import {
  composeDraftAnswerSchema,
  composeDraftInputSchema,
  composeInputSchema,
  emailStatsSchema,
  type ComposeDraft,
  mailMessageDetailSchema,
  mailMessagePageSchema,
  type MailMessage,
} from '@contract/email-mailbox';
import { apiUrl, errorResponse } from '@/test/handlers';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });

const STAMP = '2026-03-04T15:30:00Z';

function accountFixture(overrides: Partial<EmailAccount> = {}): EmailAccount {
  return {
    id: 3,
    email: 'desk@example.test',
    title: 'Harbour desk',
    status: true,
    department_id: 1,
    department_name: 'General',
    imap_host: 'imap.example.test',
    imap_port: 993,
    imap_tls: 'tls',
    smtp_host: 'smtp.example.test',
    smtp_port: 465,
    smtp_tls: 'tls',
    username: 'desk@example.test',
    has_password: true,
    knowledge_departments: [1],
    require_approval: true,
    last_sync_at: STAMP,
    last_sync_error: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

/** A stored message; `n` orders them (a higher n is newer). */
export function messageFixture(n: number, overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    id: n,
    folder: 'inbox',
    thread_key: `<m${n}@example.test>`,
    message_id: `<m${n}@example.test>`,
    from: { address: `sender${n}@example.test`, name: '' },
    to: [{ address: 'desk@example.test', name: '' }],
    cc: [],
    subject: `Question ${n}`,
    date: new Date(Date.UTC(2026, 2, 1, 8, n)).toISOString(),
    preview: '',
    has_html: false,
    attachments: [],
    skipped: null,
    ...overrides,
  };
}

function checked<S extends z.ZodType>(schema: S, answer: z.input<S>) {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new Error(`the fake's answer breaks the contract: ${parsed.error}`);
  return HttpResponse.json(answer as Record<string, unknown>);
}

async function bodyOf<S extends z.ZodType>(schema: S, request: Request): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await request.json());
  if (!parsed.success) throw new Error(`the request breaks the contract: ${parsed.error}`);
  return parsed.data as z.infer<S>;
}

interface EmailFake {
  account: EmailAccount;
  messages: MailMessage[];
  /** Method, path with query, and the parsed body of each call. */
  requests: { method: string; path: string; body?: unknown }[];
  /** A message's HTML by its id (none: a text message). */
  html: Map<number, string>;
  /** The compose draft kept for the signed-in person, or null. */
  kept: ComposeDraft | null;
  /** The account's history entries, newest first. */
  history: EmailHistoryEntry[];
  handlers: ReturnType<typeof http.get>[];
}

/** A 1x1 PNG: what the fake answers for any attachment. */
const PNG_BYTES = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

export function createEmailFake(messages: MailMessage[] = []): EmailFake {
  const fake: EmailFake = {
    account: accountFixture(),
    messages,
    requests: [],
    html: new Map(),
    kept: null,
    history: [],
    handlers: [],
  };
  const record = (request: Request, body?: unknown) => {
    const u = new URL(request.url);
    fake.requests.push({ method: request.method, path: u.pathname + u.search, body });
  };
  const mine = (ref: unknown) => ref === String(fake.account.id) || ref === fake.account.email;
  const notFound = () => errorResponse(404, 'NOT_FOUND', 'No such e-mail account.');
  fake.handlers = [
    http.get(apiUrl(apiPaths.departments), () =>
      HttpResponse.json({
        items: [{ id: 1, name: 'General', description: '', user_count: 0, role_count: 0 }],
        total: 1,
        page: 1,
        size: 100,
      }),
    ),
    http.get(apiUrl(emailRoutes.list), () =>
      checked(emailAccountPageSchema, { items: [fake.account], total: 1, page: 1, size: 100 }),
    ),
    http.get(apiUrl(emailRoutes.one), ({ params }) =>
      mine(params.email_id) ? checked(emailAccountSchema, fake.account) : notFound(),
    ),
    http.put(apiUrl(emailRoutes.one), async ({ request }) => {
      const body = await bodyOf(emailAccountUpdateSchema, request.clone());
      record(request, body);
      const changes = { ...body };
      delete changes.password;
      fake.account = { ...fake.account, ...changes, has_password: true };
      return checked(emailAccountSchema, fake.account);
    }),
    http.delete(apiUrl(emailRoutes.one), ({ request }) => {
      record(request);
      return HttpResponse.json({ message: 'The e-mail account was deleted.' });
    }),
    http.post(apiUrl(emailRoutes.compose), async ({ request }) => {
      record(request, await bodyOf(composeInputSchema, request.clone()));
      fake.kept = null;
      return HttpResponse.json({ message: 'Sent.', message_id: '<new@example.test>' });
    }),
    http.get(apiUrl(emailRoutes.composeDraft), () =>
      checked(composeDraftAnswerSchema, { draft: fake.kept }),
    ),
    http.put(apiUrl(emailRoutes.composeDraft), async ({ request }) => {
      const body = await bodyOf(composeDraftInputSchema, request.clone());
      record(request, body);
      const empty = Object.values(body).every((v) => v.trim() === '');
      fake.kept = empty ? null : { ...body, updated_at: STAMP };
      return checked(composeDraftAnswerSchema, { draft: fake.kept });
    }),
    http.delete(apiUrl(emailRoutes.composeDraft), ({ request }) => {
      record(request);
      fake.kept = null;
      return HttpResponse.json({ message: 'The draft was discarded.' });
    }),
    http.get(apiUrl(emailRoutes.stats), () =>
      checked(emailStatsSchema, {
        received: 0,
        drafted: 0,
        no_answer: 0,
        pending: 0,
        sent: 0,
        skipped: 0,
        median_draft_seconds: null,
      }),
    ),
    http.get(apiUrl(emailRoutes.history), () =>
      checked(emailHistoryPageSchema, {
        items: fake.history,
        total: fake.history.length,
        page: 1,
        size: 20,
      }),
    ),
    http.get(apiUrl(emailRoutes.messages), ({ request }) => {
      record(request);
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page') ?? 1);
      const size = Number(q.get('size') ?? 100);
      const search = (q.get('search') ?? '').toLowerCase();
      const all = fake.messages
        .filter((m) => m.folder === (q.get('folder') ?? 'inbox'))
        .filter((m) => !search || `${m.subject} ${m.from.address}`.toLowerCase().includes(search))
        .sort((a, b) => b.date.localeCompare(a.date));
      return checked(mailMessagePageSchema, {
        items: all.slice((page - 1) * size, page * size),
        total: all.length,
        page,
        size,
      });
    }),
    http.get(apiUrl(emailRoutes.message), ({ params }) => {
      const m = fake.messages.find((x) => String(x.id) === params.message);
      if (!m) return notFound();
      const html = fake.html.get(m.id) ?? null;
      return checked(mailMessageDetailSchema, { ...m, text: `Text of ${m.subject}`, html });
    }),
    http.get(apiUrl(emailRoutes.attachment), ({ request }) => {
      record(request);
      return new HttpResponse(PNG_BYTES, { headers: { 'content-type': 'image/png' } });
    }),
  ];
  return fake;
}
