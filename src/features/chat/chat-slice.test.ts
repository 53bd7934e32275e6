import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { BUILTIN_MODEL_ID, chatApiPaths } from '@contract/chat';
import type { HttpClient, RequestOptions } from '@/lib/http';
import { loggedOut, sessionExpired, sessionReducer } from '@/lib/session/session-slice';
import {
  chatReducer,
  modelsOffered,
  modelChosen,
  newChatStarted,
  sendingStopped,
  toggleChanged,
} from './chat-slice';
import { messagesOfHistory, selectChat } from './chat-state';
import { answerFixture, conversationDetailFixture, modelsFixture } from './chat-test-kit';
import { answerDeltaReceived, answerMetaReceived, chatEndpoint, sendMessage } from './chat-thunks';

function storeWith(request: HttpClient['request']) {
  const http: HttpClient = { request, upload: () => Promise.reject(new Error('no upload')) };
  return configureStore({
    reducer: { session: sessionReducer, chat: chatReducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { http } } }),
  });
}

const never = () => new Promise<never>(() => undefined);
const chat = (store: ReturnType<typeof storeWith>) => selectChat(store.getState());

describe('chat slice', () => {
  it('when the models are offered without gpt-4o, then the server default is chosen; a chosen model stays while offered', () => {
    const store = storeWith(never);
    expect(chat(store).selectedModel).toBe('gpt-4o');
    store.dispatch(modelsOffered(modelsFixture));
    expect(chat(store).selectedModel).toBe('gpt-4o');
    store.dispatch(
      modelsOffered({
        models: [{ id: BUILTIN_MODEL_ID, label: 'Built-in', engine: 'builtin' }],
        default_model: BUILTIN_MODEL_ID,
      }),
    );
    expect(chat(store).selectedModel).toBe(BUILTIN_MODEL_ID);
    store.dispatch(modelChosen('gpt-4o'));
    store.dispatch(modelsOffered(modelsFixture));
    expect(chat(store).selectedModel).toBe('gpt-4o');
  });

  it('when v2 and v3 are switched on in turn, then only the last one is on and it picks the endpoint', () => {
    const store = storeWith(never);
    expect(chatEndpoint(chat(store).toggles)).toBe(chatApiPaths.stuff);
    store.dispatch(toggleChanged({ key: 'v2', on: true }));
    expect(chatEndpoint(chat(store).toggles)).toBe(chatApiPaths.stuffV2);
    store.dispatch(toggleChanged({ key: 'v3', on: true }));
    expect(chat(store).toggles).toMatchObject({ v2: false, v3: true });
    expect(chatEndpoint(chat(store).toggles)).toBe(chatApiPaths.stuffV3);
  });

  it('when a second meta arrives mid-answer, then the text starts over (the built-in engine took over)', () => {
    const store = storeWith(never);
    const pending = store.dispatch(sendMessage({ query: 'Q', timestamp: '2025-01-01T00:00:00Z' }));
    const { requestId } = pending;
    store.dispatch(answerMetaReceived({ requestId, chatId: 'c', references: [] }));
    store.dispatch(answerDeltaReceived({ requestId, text: 'The model sa' }));
    store.dispatch(answerMetaReceived({ requestId, chatId: 'c', references: [] }));
    store.dispatch(answerDeltaReceived({ requestId, text: 'Built-in answer' }));
    expect(chat(store).messages.map((m) => m.text)).toEqual(['Q', 'Built-in answer']);
    expect(chat(store).sending).toBe(true);
  });

  it('when sending is stopped and the answer still arrives, then the message stays cancelled', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const store = storeWith(
      <T>(_path: string, options?: RequestOptions) =>
        new Promise<T>((resolve, reject) => {
          answer = resolve as (value: unknown) => void;
          options?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const sent = store.dispatch(sendMessage({ query: 'Q', timestamp: '2025-01-01T00:00:00Z' }));
    store.dispatch(sendingStopped());
    answer(answerFixture());
    await sent;
    const [, reply] = chat(store).messages;
    expect(reply.status).toBe('cancelled');
    expect(reply.error?.message).toBe('Message sending cancelled');
    expect(chat(store).sending).toBe(false);
  });

  it('when history is read, then each entry becomes a user and a server message with its times', () => {
    const messages = messagesOfHistory(conversationDetailFixture().history);
    expect(messages.map((m) => [m.sender, m.text, m.timestamp])).toEqual([
      ['user', 'When does the harbour office open?', '2025-03-04T15:05:00Z'],
      ['server', 'It opens at 07:15 [1].', '2025-03-04T15:05:02Z'],
    ]);
    expect(messages[1].feedback).toEqual({ rating: 'up', comment: 'Spot on' });
  });

  it('when the session expires or the user logs out, then the chat state is back to its start', () => {
    for (const end of [sessionExpired(), loggedOut()]) {
      const store = storeWith(never);
      store.dispatch(toggleChanged({ key: 'multiSource', on: true }));
      store.dispatch(sendMessage({ query: 'Q', timestamp: '2025-01-01T00:00:00Z' }));
      expect(chat(store).messages).toHaveLength(2);
      store.dispatch(end);
      expect(chat(store)).toMatchObject({ messages: [], sending: false, pdfUrl: null, uuid: null });
      expect(chat(store).toggles.multiSource).toBe(false);
    }
    const store = storeWith(never);
    store.dispatch(sendMessage({ query: 'Q', timestamp: '2025-01-01T00:00:00Z' }));
    store.dispatch(newChatStarted());
    expect(chat(store).messages).toEqual([]);
  });
});
