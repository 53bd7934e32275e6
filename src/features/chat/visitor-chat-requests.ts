/**
 * A chat widget visitor's calls (issue 13), over lib/http with the visitor token: the widget's
 * look with the conversation so far, a question (streamed like the assistant's), and a rating.
 */
import { apiRoutes } from '@contract/api-paths';
import type { ChatAnswer, ChatReference } from '@contract/chat';
import type { VisitorWidget } from '@contract/service-agent';
import type { ServerSentEvent } from '@/lib/event-stream';
import { ApiError, CLIENT_ERROR_CODES, toApiErrorData, type HttpClient } from '@/lib/http';

/**
 * GET /service-agent/me?history=true&session_id=…; a session id that is not this token's (an
 * older visit kept in the tab) answers 404, and the token's own conversation is asked instead.
 */
export async function loadVisit(
  http: HttpClient,
  sessionId: string | null,
): Promise<VisitorWidget> {
  const ask = (id: string | null) =>
    http.request<VisitorWidget>(apiRoutes.serviceAgentMe, {
      query: { history: 'true', session_id: id ?? undefined },
    });
  try {
    return await ask(sessionId);
  } catch (error) {
    if (sessionId && toApiErrorData(error).status === 404) return ask(null);
    throw error;
  }
}

export interface AnswerStream {
  /** The references are known; any text so far is dropped (a second one starts over). */
  onMeta: (references: ChatReference[]) => void;
  onDelta: (text: string) => void;
}

function parsed(event: ServerSentEvent): Record<string, unknown> | null {
  try {
    const data: unknown = JSON.parse(event.data);
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isAnswer = (value: unknown): value is ChatAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ChatAnswer).answer === 'string' &&
  typeof (value as ChatAnswer).message_id === 'number';

/** POST /service-agent/me/chat {query}, read as Server-Sent Events (a JSON answer works too). */
export async function askAsVisitor(
  http: HttpClient,
  query: string,
  signal: AbortSignal,
  stream: AnswerStream,
): Promise<ChatAnswer> {
  let final: unknown = null;
  const answer = await http.request<ChatAnswer | null>(apiRoutes.serviceAgentChat, {
    method: 'POST',
    body: { query },
    signal,
    onEvent: (event) => {
      const data = parsed(event);
      if (event.event === 'meta')
        stream.onMeta(Array.isArray(data?.references) ? (data.references as ChatReference[]) : []);
      else if (event.event === 'delta' && typeof data?.text === 'string') stream.onDelta(data.text);
      else if (event.event === 'done') final = data;
      else if (event.event === 'error')
        throw new ApiError({
          status: typeof data?.status === 'number' ? data.status : 500,
          code: typeof data?.code === 'string' ? data.code : 'INTERNAL_ERROR',
          message: typeof data?.message === 'string' ? data.message : event.data,
        });
    },
  });
  const result = answer ?? final;
  if (!isAnswer(result)) throw new ApiError({ code: CLIENT_ERROR_CODES.fetch, message: '' });
  return result;
}

/** POST /service-agent/me/feedback {message_id, rating} (JSON). */
export function rateAsVisitor(http: HttpClient, messageId: number, rating: 'up' | 'down') {
  return http.request(apiRoutes.serviceAgentFeedback, {
    method: 'POST',
    body: { message_id: messageId, rating },
  });
}
