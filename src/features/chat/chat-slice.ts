/**
 * The chat slice (SPEC §3 chat state, §4 chat states). It lives in the chat chunk and registers
 * itself, and resets with every other slice when the session ends (SPEC §4: logout clears the
 * chat state; a pending request is then aborted by the 100 ms check, as `sending` is off).
 */
import { type ActionReducerMapBuilder, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BUILTIN_MODEL_ID, type ChatModelsResponse } from '@contract/chat';
import { toApiErrorData } from '@/lib/http';
import { isSessionEnd } from '@/lib/session/session-slice';
import { registerSlice } from '@/lib/slice-registry';
import {
  detailsOf,
  emptyDetails,
  initialChatState,
  initialSource,
  messagesOfHistory,
  serverMessage,
  userMessage,
  type ChatState,
  type ChatToggleKey,
  clearConversation,
  message,
} from './chat-state';
import {
  answerDeltaReceived,
  answerIdOf,
  answerMetaReceived,
  cancelledError,
  fetchRecommendations,
  isCancelled,
  loadConversation,
  questionIdOf,
  sendMessage,
  sendingReleased,
} from './chat-thunks';
import { openSource } from './answer-action-thunks';
import { answerActionCases } from './answer-action-cases';

/** Sending a question: the answer streams in, then finishes, fails or is stopped. */
function sendingCases(builder: ActionReducerMapBuilder<ChatState>) {
  builder
    .addCase(sendMessage.pending, (state, action) => {
      const { query, timestamp } = action.meta.arg;
      const { requestId } = action.meta;
      state.messages.push(userMessage(questionIdOf(requestId), query, timestamp));
      state.messages.push(serverMessage(answerIdOf(requestId), query, timestamp));
      state.questions.push(query);
      state.recommendedQuestions = [];
      state.sending = true;
      state.status = 'loading';
      state.requestId = requestId;
    })
    .addCase(answerMetaReceived, (state, action) => {
      const m = message(state, answerIdOf(action.payload.requestId));
      if (!m || m.status !== 'streaming') return;
      state.uuid = action.payload.chatId;
      // A second meta means the model failed mid-answer and the built-in engine starts over.
      m.text = '';
      m.details = { ...(m.details ?? emptyDetails()), references: action.payload.references };
    })
    .addCase(answerDeltaReceived, (state, action) => {
      const m = message(state, answerIdOf(action.payload.requestId));
      if (m && m.status === 'streaming') m.text += action.payload.text;
    })
    .addCase(sendMessage.fulfilled, (state, action) => {
      const answer = action.payload;
      const { requestId } = action.meta;
      const m = message(state, answerIdOf(requestId));
      const question = message(state, questionIdOf(requestId));
      if (!m || m.status !== 'streaming') return;
      m.status = 'done';
      m.text = answer.answer;
      m.timestamp = answer.ai_timestamp;
      m.details = detailsOf(answer);
      if (question) question.timestamp = answer.user_timestamp;
      state.uuid = answer.chat_id;
      state.references = answer.references;
      if (state.requestId === requestId) {
        state.status = 'succeeded';
        if (!action.meta.arg.chartFollows) {
          state.sending = false;
          state.requestId = null;
        }
      }
    })
    .addCase(sendingReleased, (state, action) => {
      if (state.requestId !== action.payload) return;
      state.sending = false;
      state.requestId = null;
    })
    .addCase(sendMessage.rejected, (state, action) => {
      const { requestId } = action.meta;
      const m = message(state, answerIdOf(requestId));
      const error = action.payload ?? toApiErrorData(action.error);
      if (m && m.status === 'streaming') {
        m.status = isCancelled(error) ? 'cancelled' : 'failed';
        m.error = isCancelled(error) ? cancelledError() : error;
      }
      if (state.requestId === requestId) {
        state.sending = false;
        state.status = 'failed';
        state.requestId = null;
      }
    });
}

/** Recommended questions, an earlier conversation and the source pane. */
function panelCases(builder: ActionReducerMapBuilder<ChatState>) {
  builder
    .addCase(fetchRecommendations.pending, (state) => {
      state.recommendationsStatus = 'loading';
    })
    .addCase(fetchRecommendations.fulfilled, (state, action) => {
      state.recommendationsStatus = 'succeeded';
      state.recommendedQuestions = action.payload;
    })
    .addCase(fetchRecommendations.rejected, (state) => {
      state.recommendationsStatus = 'failed';
    })
    .addCase(loadConversation.pending, (state) => {
      state.conversationStatus = 'loading';
      state.conversationError = null;
    })
    .addCase(loadConversation.fulfilled, (state, action) => {
      const detail = action.payload;
      clearConversation(state);
      state.conversationStatus = 'succeeded';
      state.uuid = detail.chat_id;
      state.messages = messagesOfHistory(detail.history);
      state.questions = detail.history.map((h) => h.user);
      state.references = detail.history.at(-1)?.references ?? [];
    })
    .addCase(loadConversation.rejected, (state, action) => {
      state.conversationStatus = 'failed';
      state.conversationError = action.payload ?? toApiErrorData(action.error);
    })
    .addCase(openSource.pending, (state, action) => {
      const reference = action.meta.arg;
      state.source = {
        status: 'loading',
        documentId: reference.document_id,
        documentName: reference.document_name,
        page: reference.page,
        error: null,
        requestId: action.meta.requestId,
      };
    })
    .addCase(openSource.fulfilled, (state, action) => {
      if (state.source.requestId !== action.meta.requestId) return;
      state.source.status = 'succeeded';
      state.pdfUrl = action.payload;
    })
    .addCase(openSource.rejected, (state, action) => {
      if (state.source.requestId !== action.meta.requestId) return;
      state.source.status = 'failed';
      state.source.error = action.payload ?? toApiErrorData(action.error);
      state.pdfUrl = null;
    });
}

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    /** The Stop button: SPEC §4 "sending is switched off"; the 100 ms check aborts the call. */
    sendingStopped: (state) => {
      state.sending = false;
    },
    newChatStarted: (state) => {
      clearConversation(state);
      state.conversationStatus = 'idle';
      state.conversationError = null;
    },
    toggleChanged: (state, action: PayloadAction<{ key: ChatToggleKey; on: boolean }>) => {
      const { key, on } = action.payload;
      state.toggles[key] = on;
      // One endpoint per question: v2 and v3 exclude each other.
      if (on && key === 'v2') state.toggles.v3 = false;
      if (on && key === 'v3') state.toggles.v2 = false;
      if (key === 'recommendations' && !on) state.recommendedQuestions = [];
    },
    modelChosen: (state, action: PayloadAction<string>) => {
      state.selectedModel = action.payload;
      state.modelChosen = true;
    },
    /** GET /chat/models arrived: keep gpt-4o (SPEC §9) when offered, else the server's default. */
    modelsOffered: (state, action: PayloadAction<ChatModelsResponse>) => {
      const ids = action.payload.models.map((m) => m.id);
      if (ids.length === 0 || ids.includes(state.selectedModel)) return;
      const fallback = ids.includes(action.payload.default_model)
        ? action.payload.default_model
        : ids.includes(BUILTIN_MODEL_ID)
          ? BUILTIN_MODEL_ID
          : ids[0];
      state.selectedModel = fallback;
      state.modelChosen = false;
    },
    departmentChosen: (state, action: PayloadAction<number | null>) => {
      state.departmentId = action.payload;
    },
    sourceClosed: (state) => {
      state.pdfUrl = null;
      state.source = initialSource;
    },
    chartDismissed: (state, action: PayloadAction<string>) => {
      const m = message(state, action.payload);
      if (m) m.visual = null;
    },
  },
  extraReducers: (builder) => {
    sendingCases(builder);
    panelCases(builder);
    answerActionCases(builder);
    builder.addMatcher(isSessionEnd, () => initialChatState);
  },
});

export const {
  sendingStopped,
  newChatStarted,
  toggleChanged,
  modelChosen,
  modelsOffered,
  departmentChosen,
  sourceClosed,
  chartDismissed,
} = chatSlice.actions;

export const chatReducer = chatSlice.reducer;
registerSlice(chatSlice);
