/** What a person does with an answer beside reading it: open a cited source, send feedback. */
import { chatApiPaths, type ChatReference } from '@contract/chat';
import { toApiErrorData } from '@/lib/http';
import { createAppAsyncThunk } from '@/lib/store-types';
import type { ChatFeedback } from './chat-state';
import { createObjectUrl } from './object-urls';

/** What the source viewer needs to know about a document to open. */
type SourceRequest = Pick<ChatReference, 'document_id' | 'document_name' | 'page'>;

/** GET /download/{id}: the cited document as a pdf, kept as an object URL (pdfUrl). */
export const openSource = createAppAsyncThunk(
  'chat/openSource',
  async (reference: SourceRequest, { extra, signal, rejectWithValue }) => {
    try {
      const blob = await extra.http.request<Blob>(chatApiPaths.download(reference.document_id), {
        responseType: 'blob',
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
