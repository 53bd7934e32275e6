/**
 * The shape of the chat state (SPEC §3): messages, questions, references, recommended questions,
 * pdfUrl, uuid, the selected model (default gpt-4o) and the eight toggles; plus the request
 * statuses (idle/loading/succeeded/failed) of each step. Kept apart from the slice so that
 * thunks and components can share the types without importing each other.
 */
import { DEFAULT_CHAT_MODEL } from '@contract/constants';
import type {
  ChatAnswer,
  ChatEngine,
  ChatEval,
  ChatHistoryEntry,
  ChatReference,
  VisualRoute,
} from '@contract/chat';
import type { ApiErrorData } from '@/lib/http';
import type { RequestStatus } from '@/lib/session/session-slice';

/** SPEC §3 toggles, named as the screen shows them. */
export interface ChatToggleState {
  references: boolean;
  recommendations: boolean;
  advancedSearch: boolean;
  multiSource: boolean;
  evalMatrix: boolean;
  v2: boolean;
  v3: boolean;
  fetchImages: boolean;
}
export type ChatToggleKey = keyof ChatToggleState;

export const TOGGLE_KEYS: ChatToggleKey[] = [
  'references',
  'recommendations',
  'advancedSearch',
  'multiSource',
  'evalMatrix',
  'v2',
  'v3',
  'fetchImages',
];

export interface ChatFeedback {
  rating: 'up' | 'down';
  comment: string;
}

/** What the server said about one answer besides its text. */
export interface AnswerDetails {
  messageId: number | null;
  engine: ChatEngine | null;
  model: string | null;
  noAnswer: boolean;
  references: ChatReference[];
  images: ChatAnswer['images'];
  eval: ChatEval | null;
  standaloneQuestion: string | null;
  subQuestions: string[] | null;
  providerError: string | null;
  /** Why the LLM failed, said in the reader's language (`chat:providerErrors.*`). */
  providerErrorCode: ChatAnswer['provider_error_code'];
}

export interface VisualState {
  status: RequestStatus;
  route: VisualRoute | null;
  /** Object URL of the chart image (released when no message holds it any more). */
  url: string | null;
  mimeType: string | null;
  /**
   * Why there is no chart: the router's reason (with its code and the table it is about, when
   * the server sends them), a failed call, or the stop button.
   */
  problem:
    | {
        kind: 'noChart';
        reason: string;
        code?: VisualRoute['reason_code'];
        table?: string | null;
      }
    | { kind: 'error'; error: ApiErrorData }
    | null;
}

export type MessageStatus = 'streaming' | 'done' | 'failed' | 'cancelled';

export interface ChatMessage {
  /** Local key; server messages of a reopened conversation use the turn's message_id. */
  id: string;
  sender: 'user' | 'server';
  text: string;
  timestamp: string;
  status: MessageStatus;
  error: ApiErrorData | null;
  /** For a server message: the question it answers (charts need both). */
  question: string;
  details: AnswerDetails | null;
  feedback: ChatFeedback | null;
  feedbackStatus: RequestStatus;
  feedbackError: ApiErrorData | null;
  visual: VisualState | null;
}

export interface SourceState {
  status: RequestStatus;
  documentId: number | null;
  documentName: string;
  page: number | null;
  error: ApiErrorData | null;
  requestId: string | null;
}

export interface ChatState {
  messages: ChatMessage[];
  questions: string[];
  /** The references of the latest answer. */
  references: ChatReference[];
  recommendedQuestions: string[];
  recommendationsStatus: RequestStatus;
  /** Object URL of the opened source document (a pdf), shown beside the conversation. */
  pdfUrl: string | null;
  source: SourceState;
  /** The conversation's chat_id; null until the first answer of a new chat. */
  uuid: string | null;
  selectedModel: string;
  /** True once the person picked a model; the server's default no longer replaces it. */
  modelChosen: boolean;
  departmentId: number | null;
  toggles: ChatToggleState;
  /** SPEC §4: true while a message or visual query is pending; switching it off cancels. */
  sending: boolean;
  status: RequestStatus;
  /** The request that owns `sending`, so a late answer of a cancelled one changes nothing. */
  requestId: string | null;
  conversationStatus: RequestStatus;
  conversationError: ApiErrorData | null;
}

const initialToggles: ChatToggleState = {
  references: true,
  recommendations: false,
  advancedSearch: false,
  multiSource: false,
  evalMatrix: false,
  v2: false,
  v3: false,
  fetchImages: false,
};

export const initialSource: SourceState = {
  status: 'idle',
  documentId: null,
  documentName: '',
  page: null,
  error: null,
  requestId: null,
};

export const initialChatState: ChatState = {
  messages: [],
  questions: [],
  references: [],
  recommendedQuestions: [],
  recommendationsStatus: 'idle',
  pdfUrl: null,
  source: initialSource,
  uuid: null,
  selectedModel: DEFAULT_CHAT_MODEL,
  modelChosen: false,
  departmentId: null,
  toggles: initialToggles,
  sending: false,
  status: 'idle',
  requestId: null,
  conversationStatus: 'idle',
  conversationError: null,
};

export function emptyDetails(): AnswerDetails {
  return {
    messageId: null,
    engine: null,
    model: null,
    noAnswer: false,
    references: [],
    images: [],
    eval: null,
    standaloneQuestion: null,
    subQuestions: null,
    providerError: null,
    providerErrorCode: null,
  };
}

export function detailsOf(answer: ChatAnswer): AnswerDetails {
  return {
    messageId: answer.message_id,
    engine: answer.engine,
    model: answer.model,
    noAnswer: answer.no_answer,
    references: answer.references,
    images: answer.images,
    eval: answer.eval,
    standaloneQuestion: answer.standalone_question,
    subQuestions: answer.sub_questions,
    providerError: answer.provider_error,
    providerErrorCode: answer.provider_error_code ?? null,
  };
}

export function userMessage(id: string, text: string, timestamp: string): ChatMessage {
  return {
    id,
    sender: 'user',
    text,
    timestamp,
    status: 'done',
    error: null,
    question: text,
    details: null,
    feedback: null,
    feedbackStatus: 'idle',
    feedbackError: null,
    visual: null,
  };
}

export function serverMessage(id: string, question: string, timestamp: string): ChatMessage {
  return { ...userMessage(id, '', timestamp), sender: 'server', question, status: 'streaming' };
}

/**
 * A chart kept with a reopened answer: its route now, its image (status 'idle') drawn by the
 * server when the answer is shown (loadKeptChart).
 */
function keptVisual(entry: ChatHistoryEntry): VisualState | null {
  if (!entry.chart) return null;
  return { status: 'idle', route: entry.chart.route, url: null, mimeType: null, problem: null };
}

/** SPEC §3: each history entry becomes a user and a server message. */
export function messagesOfHistory(history: ChatHistoryEntry[]): ChatMessage[] {
  return history.flatMap((entry) => {
    const key = `turn-${entry.message_id}`;
    const answer: ChatMessage = {
      ...serverMessage(`${key}-ai`, entry.user, entry.ai_timestamp),
      text: entry.ai,
      status: 'done',
      details: {
        ...emptyDetails(),
        messageId: entry.message_id,
        engine: entry.engine,
        model: entry.model,
        noAnswer: entry.no_answer ?? false,
        references: entry.references,
      },
      feedback: entry.feedback,
      visual: keptVisual(entry),
    };
    return [userMessage(`${key}-user`, entry.user, entry.user_timestamp), answer];
  });
}

/** Every object URL the state holds (the source pdf and chart images). */
export function objectUrlsOf(state: ChatState): string[] {
  const urls = state.messages.flatMap((m) => (m.visual?.url ? [m.visual.url] : []));
  return state.pdfUrl ? [...urls, state.pdfUrl] : urls;
}

interface ChatRootState {
  chat?: ChatState;
}

/** Before the store has injected the slice (the chunk's first render) it reads as the initial state. */
export const selectChat = (state: unknown): ChatState =>
  (state as ChatRootState).chat ?? initialChatState;

export function message(state: ChatState, id: string): ChatMessage | undefined {
  return state.messages.find((m) => m.id === id);
}

/** A new or reopened conversation starts without the previous one's extras. */
export function clearConversation(state: ChatState) {
  state.messages = [];
  state.questions = [];
  state.references = [];
  state.recommendedQuestions = [];
  state.recommendationsStatus = 'idle';
  state.pdfUrl = null;
  state.source = initialSource;
  state.uuid = null;
  state.sending = false;
  state.requestId = null;
  state.status = 'idle';
}
