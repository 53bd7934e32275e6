/**
 * The chat's multi-step flows (DESIGN: thunks with idle/loading/succeeded/failed): sending a
 * question and reading the streamed answer, recommended questions, reopening a conversation,
 * opening a cited source as a pdf, feedback, and charts. Sending and charts set `sending` and
 * are aborted by the 100 ms check when it goes off (SPEC §4, §9).
 */
import { createAction } from '@reduxjs/toolkit';
import {
  chatApiPaths,
  type ChatAnswer,
  type ChatReference,
  type ChatRequest,
  type ConversationDetail,
  type VisualRoute,
} from '@contract/chat';
import { ApiError, CLIENT_ERROR_CODES, toApiErrorData, type ApiErrorData } from '@/lib/http';
import type { ServerSentEvent } from '@/lib/event-stream';
import { createAppAsyncThunk, type LibDispatch } from '@/lib/store-types';
import { CANCELLED_MESSAGE, watchSending } from './cancel-watch';
import { conversationsChanged } from './chat-api';
import { selectChat, type ChatState } from './chat-state';
import { createObjectUrl } from './object-urls';

/** Streamed parts of an answer, tagged with the send that asked for it. */
export const answerMetaReceived = createAction<{
  requestId: string;
  chatId: string;
  references: ChatReference[];
}>('chat/answerMetaReceived');
/** Ends a send's hold on `sending` when no chart followed it after all. */
export const sendingReleased = createAction<string>('chat/sendingReleased');
export const answerDeltaReceived = createAction<{ requestId: string; text: string }>(
  'chat/answerDeltaReceived',
);

export const cancelledError = (): ApiErrorData =>
  new ApiError({ code: CLIENT_ERROR_CODES.aborted, message: CANCELLED_MESSAGE }).toData();

export const isCancelled = (error: ApiErrorData | null | undefined): boolean =>
  error?.code === CLIENT_ERROR_CODES.aborted;

/** Local ids of the two messages a send adds. */
export const questionIdOf = (requestId: string) => `${requestId}-user`;
export const answerIdOf = (requestId: string) => `${requestId}-ai`;

/** The endpoint the version toggles choose (SPEC §7). */
export function chatEndpoint(toggles: ChatState['toggles']): string {
  if (toggles.v3) return chatApiPaths.stuffV3;
  if (toggles.v2) return chatApiPaths.stuffV2;
  return chatApiPaths.stuff;
}

function chatRequestOf(state: ChatState, query: string): ChatRequest {
  const { toggles } = state;
  return {
    query,
    ...(state.uuid ? { chat_id: state.uuid } : {}),
    model: state.selectedModel,
    department_id: toggles.multiSource ? null : state.departmentId,
    references: toggles.references,
    recommendations: toggles.recommendations,
    advanced_search: toggles.advancedSearch,
    multi_source: toggles.multiSource,
    eval_matrix: toggles.evalMatrix,
    fetch_images: toggles.fetchImages,
  };
}

function parseData(event: ServerSentEvent): unknown {
  try {
    return JSON.parse(event.data) as unknown;
  } catch {
    return null;
  }
}

function isAnswer(value: unknown): value is ChatAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ChatAnswer).answer === 'string' &&
    typeof (value as ChatAnswer).chat_id === 'string'
  );
}

/** Runs `work` with an AbortController that the 100 ms check aborts once sending is off. */
async function whileSending<T>(
  getState: () => unknown,
  requestId: string,
  thunkSignal: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const stillSending = () => {
    const chat = selectChat(getState());
    return chat.sending && chat.requestId === requestId;
  };
  const stopWatch = watchSending(stillSending, controller);
  const onThunkAbort = () => controller.abort();
  thunkSignal.addEventListener('abort', onThunkAbort, { once: true });
  try {
    const result = await work(controller.signal);
    // Stopped after the last check but before the answer: it still counts as cancelled.
    if (!stillSending()) controller.abort();
    if (controller.signal.aborted) throw new ApiError(cancelledError());
    return result;
  } catch (error) {
    if (controller.signal.aborted) throw new ApiError(cancelledError());
    throw error;
  } finally {
    stopWatch();
    thunkSignal.removeEventListener('abort', onThunkAbort);
  }
}

/** POST /chat/stuff (-v2, -v3) asking for Server-Sent Events; a JSON answer works too. */
export const sendMessage = createAppAsyncThunk(
  'chat/send',
  async (
    /** `chartFollows`: the visual router is asked next, and `sending` stays on until it answers. */
    arg: { query: string; timestamp: string; chartFollows?: boolean },
    { extra, getState, dispatch, requestId, signal, rejectWithValue },
  ) => {
    const chat = selectChat(getState());
    let final: ChatAnswer | null = null;
    const onEvent = (event: ServerSentEvent) => {
      const data = parseData(event);
      if (event.event === 'delta' && typeof (data as { text?: unknown })?.text === 'string')
        dispatch(answerDeltaReceived({ requestId, text: (data as { text: string }).text }));
      else if (event.event === 'meta' && data && typeof data === 'object') {
        const meta = data as { chat_id: string; references?: ChatReference[] };
        dispatch(
          answerMetaReceived({
            requestId,
            chatId: meta.chat_id,
            references: meta.references ?? [],
          }),
        );
      } else if (event.event === 'done' && isAnswer(data)) final = data;
      else if (event.event === 'error') {
        const body = (data ?? {}) as { message?: string; code?: string; status?: number };
        throw new ApiError({
          status: body.status ?? 500,
          code: body.code ?? 'INTERNAL_ERROR',
          message: body.message ?? event.data,
        });
      }
    };
    try {
      const answer = await whileSending(getState, requestId, signal, (abort) =>
        extra.http.request<ChatAnswer | null>(chatEndpoint(chat.toggles), {
          method: 'POST',
          body: chatRequestOf(chat, arg.query),
          signal: abort,
          onEvent,
        }),
      );
      const result = answer ?? (final as ChatAnswer | null);
      if (!isAnswer(result)) throw new ApiError({ code: CLIENT_ERROR_CODES.fetch, message: '' });
      dispatch(conversationsChanged());
      return result;
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
  {
    condition: (arg, { getState }) =>
      !selectChat(getState()).sending && arg.query.trim().length > 0,
  },
);

/** POST /chat/get-rec-ques {chat_id, model} for the conversation's follow-up questions. */
export const fetchRecommendations = createAppAsyncThunk(
  'chat/recommendations',
  async (_: void, { extra, getState, signal, rejectWithValue }) => {
    const { uuid, selectedModel } = selectChat(getState());
    try {
      const answer = await extra.http.request<{ questions: string[] }>(
        chatApiPaths.recommendedQuestions,
        { method: 'POST', body: { chat_id: uuid, model: selectedModel }, signal },
      );
      return answer.questions;
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
  { condition: (_, { getState }) => selectChat(getState()).uuid !== null },
);

/** GET /chat/conversations/{chat_id}: the history of a past conversation. */
export const loadConversation = createAppAsyncThunk(
  'chat/loadConversation',
  async (chatId: string, { extra, signal, rejectWithValue }) => {
    try {
      return await extra.http.request<ConversationDetail>(chatApiPaths.conversation(chatId), {
        signal,
      });
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
  { condition: (_, { getState }) => !selectChat(getState()).sending },
);

interface ChartResult {
  route: VisualRoute;
  url: string | null;
  mimeType: string | null;
}

/**
 * POST /chat/visual_router {query, text}; when it wants a chart, POST /chat/generate_visual for
 * the image. `force` is the person's own "chart" request: a refusal is then shown with its reason.
 */
export const requestChart = createAppAsyncThunk(
  'chat/chart',
  async (
    arg: { id: string; force: boolean; after?: string },
    { extra, getState, requestId, signal, rejectWithValue },
  ) => {
    const message = selectChat(getState()).messages.find((m) => m.id === arg.id);
    const messageId = message?.details?.messageId;
    // `message_id`: the server keeps the chart with the answer, for the reopened conversation.
    const body = {
      query: message?.question ?? '',
      text: message?.text ?? '',
      force: arg.force,
      ...(messageId ? { message_id: messageId } : {}),
    };
    try {
      return await whileSending<ChartResult>(getState, requestId, signal, async (abort) => {
        const route = await extra.http.request<VisualRoute>(chatApiPaths.visualRouter, {
          method: 'POST',
          body,
          signal: abort,
        });
        if (!route.wants_chart) return { route, url: null, mimeType: null };
        const image = await extra.http.request<Blob>(chatApiPaths.generateVisual, {
          method: 'POST',
          body,
          signal: abort,
          responseType: 'blob',
        });
        return { route, url: createObjectUrl(image), mimeType: image.type || null };
      });
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
  {
    condition: (arg, { getState }) => {
      const chat = selectChat(getState());
      const message = chat.messages.find((m) => m.id === arg.id);
      // After an answer, the chart takes over that send's `sending`; on its own it needs quiet.
      const free = arg.after ? chat.sending && chat.requestId === arg.after : !chat.sending;
      return free && message?.sender === 'server' && message.status === 'done';
    },
  },
);

/**
 * A question from the box or a recommended chip: send it, then (as the toggles say) fetch
 * recommended questions and ask the visual router whether the answer wants a chart.
 */
export function ask(query: string) {
  return async (dispatch: LibDispatch, getState: () => unknown) => {
    const timestamp = new Date().toISOString();
    const sent = await dispatch(sendMessage({ query, timestamp, chartFollows: true }));
    if (!sendMessage.fulfilled.match(sent)) return;
    if (selectChat(getState()).toggles.recommendations) void dispatch(fetchRecommendations());
    // An answer that found nothing in the documents still asks: a database source may hold
    // what the question is about ("the total installed size by section").
    const { requestId } = sent.meta;
    const chart = await dispatch(
      requestChart({ id: answerIdOf(requestId), force: false, after: requestId }),
    );
    if (requestChart.rejected.match(chart) && chart.meta.condition)
      dispatch(sendingReleased(requestId));
  };
}
