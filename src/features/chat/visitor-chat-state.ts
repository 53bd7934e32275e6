/**
 * The visitor chat's state: the widget's look, the conversation (the assistant's
 * message shape, so history entries and answers read alike) and whether a question is pending.
 * A plain reducer: the visitor's page needs none of the assistant's slice.
 */
import type { ChatAnswer, ChatReference } from '@contract/chat';
import type { VisitorWidget } from '@contract/service-agent';
import type { ApiErrorData } from '@/lib/http';
import type { RequestStatus } from '@/lib/session/session-slice';
import {
  detailsOf,
  emptyDetails,
  messagesOfHistory,
  serverMessage,
  userMessage,
  type ChatMessage,
} from './chat-state';

interface VisitorChatState {
  status: RequestStatus;
  error: ApiErrorData | null;
  look: VisitorWidget | null;
  messages: ChatMessage[];
  sending: boolean;
}

export const initialVisitorChat: VisitorChatState = {
  status: 'idle',
  error: null,
  look: null,
  messages: [],
  sending: false,
};

type VisitorChatAction =
  | { type: 'loading' }
  | { type: 'loaded'; look: VisitorWidget }
  | { type: 'loadFailed'; error: ApiErrorData }
  | { type: 'asked'; id: string; question: string; timestamp: string }
  | { type: 'meta'; id: string; references: ChatReference[] }
  | { type: 'delta'; id: string; text: string }
  | { type: 'answered'; id: string; answer: ChatAnswer }
  | { type: 'failed'; id: string; error: ApiErrorData; cancelled: boolean }
  | { type: 'rating'; id: string; rating: 'up' | 'down' }
  | { type: 'rated'; id: string; error: ApiErrorData | null };

const answerId = (id: string) => `${id}-ai`;

function update(
  state: VisitorChatState,
  id: string,
  change: (m: ChatMessage) => Partial<ChatMessage> | null,
): VisitorChatState {
  return {
    ...state,
    messages: state.messages.map((m) => {
      if (m.id !== id) return m;
      const next = change(m);
      return next ? { ...m, ...next } : m;
    }),
  };
}

const streaming = (m: ChatMessage) => m.status === 'streaming';

export function visitorChatReducer(
  state: VisitorChatState,
  action: VisitorChatAction,
): VisitorChatState {
  switch (action.type) {
    case 'loading':
      return { ...state, status: 'loading', error: null };
    case 'loaded':
      return {
        ...state,
        status: 'succeeded',
        look: action.look,
        messages: messagesOfHistory(action.look.history ?? []),
      };
    case 'loadFailed':
      return { ...state, status: 'failed', error: action.error };
    case 'asked':
      return {
        ...state,
        sending: true,
        messages: [
          ...state.messages,
          userMessage(`${action.id}-user`, action.question, action.timestamp),
          serverMessage(answerId(action.id), action.question, action.timestamp),
        ],
      };
    case 'meta':
      return update(state, answerId(action.id), (m) =>
        streaming(m)
          ? {
              text: '',
              details: { ...(m.details ?? emptyDetails()), references: action.references },
            }
          : null,
      );
    case 'delta':
      return update(state, answerId(action.id), (m) =>
        streaming(m) ? { text: m.text + action.text } : null,
      );
    case 'answered':
      return {
        ...update(state, answerId(action.id), () => ({
          text: action.answer.answer,
          status: 'done',
          timestamp: action.answer.ai_timestamp,
          details: detailsOf(action.answer),
        })),
        sending: false,
      };
    case 'failed':
      return {
        ...update(state, answerId(action.id), () => ({
          status: action.cancelled ? 'cancelled' : 'failed',
          error: action.error,
        })),
        sending: false,
      };
    case 'rating':
      return update(state, action.id, (m) => ({
        feedback: { rating: action.rating, comment: m.feedback?.comment ?? '' },
        feedbackStatus: 'loading',
        feedbackError: null,
      }));
    case 'rated':
      return update(state, action.id, () => ({
        feedbackStatus: action.error ? 'failed' : 'succeeded',
        feedbackError: action.error,
      }));
  }
}
