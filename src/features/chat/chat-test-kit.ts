/**
 * Component-test helpers for /chat: answers, conversations and models built from the contract's
 * types, and MSW handlers speaking the contract (JSON and Server-Sent Events). Tests only.
 */
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';
import {
  BUILTIN_MODEL_ID,
  chatApiPaths,
  type ChatAnswer,
  type ChatModelsResponse,
  type ChatReference,
  type ChatRequest,
  type Conversation,
  type ConversationDetail,
  type ConversationPage,
  type VisualRoute,
} from '@contract/chat';
import { apiRoutes } from '@contract/api-paths';
import type { SourceNotes } from '@contract/knowledge';
import { actionsFromPermissionSet, idsOf } from '@contract/permissions';
import type { UserProfile } from '@contract/profile';
import { profileWith } from '@/test/fixtures';
import { apiUrl, handlers } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderApp, signInWithCookie } from '@/test/render-app';

export const CHAT_ID = '0b6f7f0e-3c39-4d1a-9a55-1f1d8e2f4a10';

/** Query.QUERY_DOCUMENT in General (1) and Sales (2). */
const chatUser: UserProfile = {
  ...profileWith([]),
  permissions: [
    { department_id: 1, department_name: 'General' },
    { department_id: 2, department_name: 'Sales' },
  ].map((d) => ({
    role_id: 2,
    role_name: 'Staff',
    ...d,
    actions: actionsFromPermissionSet(idsOf('Query.QUERY_DOCUMENT')),
  })),
};

export function referenceFixture(overrides: Partial<ChatReference> = {}): ChatReference {
  return {
    n: 1,
    document_id: 41,
    document_name: 'harbour-handbook.pdf',
    document_title: null,
    is_url: false,
    page: 3,
    sheet: null,
    row_start: null,
    row_end: null,
    heading: 'Opening hours',
    snippet: 'The harbour office opens at 07:15 on weekdays.',
    score: 0.91,
    ...overrides,
  };
}

export function answerFixture(overrides: Partial<ChatAnswer> = {}): ChatAnswer {
  return {
    chat_id: CHAT_ID,
    message_id: 501,
    answer: 'The harbour office opens at **07:15** on weekdays [1].',
    engine: 'builtin',
    model: BUILTIN_MODEL_ID,
    no_answer: false,
    references: [referenceFixture()],
    images: [],
    eval: null,
    standalone_question: null,
    sub_questions: null,
    user_timestamp: '2025-03-04T15:05:00Z',
    ai_timestamp: '2025-03-04T15:05:02Z',
    provider_error: null,
    ...overrides,
  };
}

export const modelsFixture: ChatModelsResponse = {
  models: [
    { id: 'gpt-4o', label: 'GPT-4o', engine: 'openai' },
    { id: BUILTIN_MODEL_ID, label: 'Built-in extractive engine (no LLM)', engine: 'builtin' },
  ],
  default_model: 'gpt-4o',
};

export function conversationFixture(overrides: Partial<Conversation> = {}): Conversation {
  return {
    chat_id: CHAT_ID,
    title: 'Harbour opening hours',
    created_at: '2025-03-04T15:05:00Z',
    updated_at: '2025-03-04T15:06:00Z',
    message_count: 2,
    ...overrides,
  };
}

export function conversationDetailFixture(
  overrides: Partial<ConversationDetail> = {},
): ConversationDetail {
  return {
    ...conversationFixture(),
    history: [
      {
        message_id: 501,
        user: 'When does the harbour office open?',
        ai: 'It opens at 07:15 [1].',
        user_timestamp: '2025-03-04T15:05:00Z',
        ai_timestamp: '2025-03-04T15:05:02Z',
        engine: 'builtin',
        model: BUILTIN_MODEL_ID,
        references: [referenceFixture()],
        feedback: { rating: 'up', comment: 'Spot on' },
      },
    ],
    ...overrides,
  };
}

export const noChart: VisualRoute = {
  wants_chart: false,
  table: null,
  columns: [],
  chart_type: null,
  reason: 'The question does not ask for a chart.',
};

/** What a handler saw: the path and the JSON body. */
export interface SeenChat {
  path: string;
  body: ChatRequest;
  accept: string | null;
}

const sse = (event: string, data: unknown) =>
  new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * An SSE answer: meta, the deltas, then done. `hold` keeps the stream open after the first
 * delta until it resolves (to look at a half-written answer).
 */
export function streamedAnswer(answer: ChatAnswer, deltas: string[], hold?: Promise<void>) {
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(sse('meta', { chat_id: answer.chat_id, references: answer.references }));
      for (const [i, text] of deltas.entries()) {
        controller.enqueue(sse('delta', { text }));
        if (i === 0 && hold) await hold;
      }
      controller.enqueue(sse('done', answer));
      controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
}

type Answerer = (body: ChatRequest, request: Request) => Response | Promise<Response>;

/** POST /chat/stuff, -v2 and -v3, recording each request. */
export function stuffHandlers(answer: Answerer, seen: SeenChat[] = []) {
  return [chatApiPaths.stuff, chatApiPaths.stuffV2, chatApiPaths.stuffV3].map((path) =>
    http.post(apiUrl(path), async ({ request }) => {
      const body = (await request.clone().json()) as ChatRequest;
      seen.push({ path, body, accept: request.headers.get('accept') });
      return answer(body, request);
    }),
  );
}

export const json = <T extends JsonBodyType>(body: T) => HttpResponse.json<T>(body);

/** Models, an empty conversation list and a visual router that never wants a chart. */
function chatBaseHandlers(conversations: Conversation[] = []) {
  return [
    http.get(apiUrl(chatApiPaths.models), () => json(modelsFixture)),
    http.get(apiUrl(chatApiPaths.conversations), () =>
      json<ConversationPage>({
        items: conversations,
        total: conversations.length,
        page: 1,
        size: 100,
      }),
    ),
    http.post(apiUrl(chatApiPaths.visualRouter), () => json(noChart)),
    http.get(apiUrl(apiRoutes.downloadNotes), () => json<SourceNotes>({ notes: [] })),
  ];
}

/** jsdom has no object URLs; these stand in and count what was made and freed. */
export function stubObjectUrls() {
  let next = 0;
  const created: Blob[] = [];
  const revoked: string[] = [];
  const create = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:http://localhost/object-${++next}`;
  });
  const revoke = vi.fn((url: string) => void revoked.push(url));
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  return { created, revoked };
}

/** Opens /chat as the chat user; `extra` handlers answer before the base ones. */
export async function openChat(extra: Parameters<typeof server.use> = []) {
  signInWithCookie();
  server.use(handlers.me(chatUser), ...extra, ...chatBaseHandlers());
  const app = renderApp('/chat');
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Knowledge assistant' },
    { timeout: 15_000 },
  );
  return app;
}

/** Types a question into the box and sends it. */
export async function ask(u: ReturnType<typeof userEvent.setup>, text: string) {
  await u.type(screen.getByLabelText('Your question'), text);
  await u.click(screen.getByRole('button', { name: 'Send' }));
}
