import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../test-support/fake-llm';
import { completionsUrl, createOpenAiProvider, LlmError } from './openai';

describe('the OpenAI-compatible provider against a local fake', () => {
  let fake: FakeLlm;
  // Generous by default (a loaded machine is slow to connect); short where timeouts are tested.
  const logged: Record<string, unknown>[] = [];
  const provider = (timeoutMs = 5000) =>
    createOpenAiProvider({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      models: ['gpt-4o'],
      headersTimeoutMs: timeoutMs,
      idleTimeoutMs: timeoutMs,
      log: { warn: (details) => logged.push(details) },
    });
  const ask = (signal?: AbortSignal, onDelta?: (t: string) => void, timeoutMs?: number) =>
    provider(timeoutMs).complete({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      signal,
      onDelta,
    });

  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(async () => fake?.close());

  it('when the base URL has or lacks /v1, then the completions URL is right either way', () => {
    expect(completionsUrl('https://api.example.com/v1/')).toBe(
      'https://api.example.com/v1/chat/completions',
    );
    expect(completionsUrl('http://llm:8000')).toBe('http://llm:8000/v1/chat/completions');
  });

  it('when the model streams, then the pieces arrive in order and the key and stream flag are sent', async () => {
    fake.behave = () => ({ kind: 'stream', chunks: ['Hello', ' there', ' [1].'] });
    const pieces: string[] = [];
    expect(await ask(undefined, (t) => pieces.push(t))).toBe('Hello there [1].');
    expect(pieces).toEqual(['Hello', ' there', ' [1].']);
    const sent = fake.requests[fake.requests.length - 1];
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'gpt-4o', stream: true });
  });

  it('when the server ignores streaming and answers JSON, then the text is still read', async () => {
    fake.behave = () => ({ kind: 'json', text: 'Plain answer.' });
    expect(await ask()).toBe('Plain answer.');
  });

  it('when the server answers 500 echoing the key, then the error names the status only and the log has the text without the key', async () => {
    fake.behave = () => ({
      kind: 'error',
      status: 500,
      message: 'model overloaded; Incorrect API key provided: sk-test',
    });
    const error = await ask().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: 'http' });
    expect((error as Error).message).toContain('HTTP 500');
    expect((error as Error).message).not.toContain('overloaded');
    expect((error as Error).message).not.toContain('sk-test');
    const said = JSON.stringify(logged.at(-1));
    expect(said).toContain('model overloaded');
    expect(said).not.toContain('sk-test');
  });

  it('when the server never answers or stops mid-stream, then each times out with its own message', async () => {
    fake.behave = () => ({ kind: 'hang' });
    await expect(ask(undefined, undefined, 300)).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('did not start answering within 0.3 s'),
    });
    fake.behave = () => ({ kind: 'stall', chunks: ['Half'] });
    await expect(ask(undefined, undefined, 300)).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('stopped sending for 0.3 s'),
    });
  });

  it('when nothing listens at the address, then the error says it could not be reached', async () => {
    const offline = createOpenAiProvider({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      models: ['m'],
      headersTimeoutMs: 2000,
      idleTimeoutMs: 2000,
    });
    await expect(
      offline.complete({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ kind: 'network' });
  });

  it('when the caller aborts, then the upstream request is closed and the error is "aborted"', async () => {
    fake.behave = () => ({ kind: 'endless', everyMs: 20 });
    const controller = new AbortController();
    const pending = ask(controller.signal, () => controller.abort());
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    const upstream = fake.requests[fake.requests.length - 1];
    await upstream.closed;
    expect(upstream.closedEarly).toBe(true);
  });
});
