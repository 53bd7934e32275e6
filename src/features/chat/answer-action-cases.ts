/** How the chat state follows feedback on an answer and the answer's chart. */
import type { ActionReducerMapBuilder } from '@reduxjs/toolkit';
import { toApiErrorData } from '@/lib/http';
import { type ChatState, message } from './chat-state';
import { cancelledError, isCancelled, requestChart } from './chat-thunks';
import { loadKeptChart, sendFeedback } from './answer-action-thunks';

/** Feedback on an answer and its chart. */
export function answerActionCases(builder: ActionReducerMapBuilder<ChatState>) {
  builder
    .addCase(sendFeedback.pending, (state, action) => {
      const m = message(state, action.meta.arg.id);
      if (!m) return;
      m.feedbackStatus = 'loading';
      m.feedbackError = null;
    })
    .addCase(sendFeedback.fulfilled, (state, action) => {
      const m = message(state, action.meta.arg.id);
      if (!m) return;
      m.feedbackStatus = 'succeeded';
      m.feedback = action.payload;
    })
    .addCase(sendFeedback.rejected, (state, action) => {
      const m = message(state, action.meta.arg.id);
      if (!m) return;
      m.feedbackStatus = 'failed';
      m.feedbackError = action.payload ?? toApiErrorData(action.error);
    })
    .addCase(requestChart.pending, (state, action) => {
      const m = message(state, action.meta.arg.id);
      if (!m) return;
      // The automatic check after each answer stays quiet until there is a chart to show.
      if (action.meta.arg.force)
        m.visual = { status: 'loading', route: null, url: null, mimeType: null, problem: null };
      state.sending = true;
      state.requestId = action.meta.requestId;
    })
    .addCase(requestChart.fulfilled, (state, action) => {
      const m = message(state, action.meta.arg.id);
      const { route, url, mimeType } = action.payload;
      if (m) {
        const refused = !route.wants_chart;
        m.visual =
          refused && !action.meta.arg.force
            ? null
            : {
                status: refused ? 'failed' : 'succeeded',
                route,
                url,
                mimeType,
                problem: refused
                  ? {
                      kind: 'noChart',
                      reason: route.reason,
                      code: route.reason_code ?? null,
                      table: route.reason_table ?? null,
                    }
                  : null,
              };
      }
      if (state.requestId === action.meta.requestId) {
        state.sending = false;
        state.requestId = null;
      }
    })
    .addCase(loadKeptChart.pending, (state, action) => {
      const m = message(state, action.meta.arg.id);
      if (m?.visual) m.visual.status = 'loading';
    })
    .addCase(loadKeptChart.fulfilled, (state, action) => {
      const m = message(state, action.meta.arg.id);
      if (!m?.visual) return;
      m.visual.status = 'succeeded';
      m.visual.url = action.payload.url;
      m.visual.mimeType = action.payload.mimeType;
    })
    .addCase(loadKeptChart.rejected, (state, action) => {
      const m = message(state, action.meta.arg.id);
      if (!m?.visual) return;
      m.visual.status = 'failed';
      m.visual.problem = { kind: 'error', error: action.payload ?? toApiErrorData(action.error) };
    })
    .addCase(requestChart.rejected, (state, action) => {
      const m = message(state, action.meta.arg.id);
      const error = action.payload ?? toApiErrorData(action.error);
      // An automatic chart that failed shows nothing; a stopped one says it was cancelled.
      if (m)
        m.visual =
          action.meta.arg.force || isCancelled(error)
            ? {
                status: 'failed',
                route: null,
                url: null,
                mimeType: null,
                problem: { kind: 'error', error: isCancelled(error) ? cancelledError() : error },
              }
            : null;
      if (state.requestId === action.meta.requestId) {
        state.sending = false;
        state.requestId = null;
      }
    });
}
