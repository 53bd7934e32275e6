/**
 * What a person does with an answer beside reading it: open a cited source, send feedback, see
 * the chart kept with it again.
 */
import { chatApiPaths, type ChatReference } from '@contract/chat';
import { consoleLanguage } from '@/lib/console-language';
import { toApiErrorData } from '@/lib/http';
import { createAppAsyncThunk } from '@/lib/store-types';
import { selectChat, type ChatFeedback } from './chat-state';
import { createObjectUrl } from './object-urls';

/** What the source viewer needs to know about a document to open. */
type SourceRequest = Pick<ChatReference, 'document_id' | 'document_name' | 'page'>;

/** GET /download/{id}: the cited document as a pdf, kept as an object URL (pdfUrl). */
export const openSource = createAppAsyncThunk(
  'chat/openSource',
  async (reference: SourceRequest, { extra, signal, rejectWithValue }) => {
    try {
      // The pdf's own headings (a page's, a row's) speak the reader's language.
      const blob = await extra.http.request<Blob>(chatApiPaths.download(reference.document_id), {
        responseType: 'blob',
        query: { lng: consoleLanguage() },
        signal,
      });
      // The iframe shows what the blob's type says; the download is a pdf whatever it claims.
      const pdf =
        blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
      return createObjectUrl(pdf);
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
);

/** POST /chat/feedback as form data; sending again changes it. */
export const sendFeedback = createAppAsyncThunk(
  'chat/feedback',
  async (
    arg: { id: string; messageId: number; feedback: ChatFeedback },
    { extra, signal, rejectWithValue },
  ) => {
    const form = new FormData();
    form.append('message_id', String(arg.messageId));
    form.append('rating', arg.feedback.rating);
    form.append('comment', arg.feedback.comment);
    try {
      await extra.http.request<unknown>(chatApiPaths.feedback, {
        method: 'POST',
        body: form,
        signal,
      });
      return arg.feedback;
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
);

/**
 * GET /chat/conversations/{chat_id}/charts/{message_id}: the chart kept with a reopened answer,
 * drawn by the server from what it kept, as an object URL. Once per answer: a kept chart waits
 * in status 'idle' until the answer is shown.
 */
export const loadKeptChart = createAppAsyncThunk(
  'chat/keptChart',
  async (arg: { id: string }, { extra, getState, signal, rejectWithValue }) => {
    const chat = selectChat(getState());
    const messageId = chat.messages.find((m) => m.id === arg.id)?.details?.messageId;
    try {
      const image = await extra.http.request<Blob>(
        chatApiPaths.chart(chat.uuid ?? '', messageId ?? 0),
        { signal, responseType: 'blob' },
      );
      return { url: createObjectUrl(image), mimeType: image.type || null };
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
  {
    condition: (arg, { getState }) => {
      const chat = selectChat(getState());
      const message = chat.messages.find((m) => m.id === arg.id);
      return Boolean(chat.uuid && message?.details?.messageId && message.visual?.status === 'idle');
    },
  },
);
