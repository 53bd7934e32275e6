import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../test-support/fake-llm';
import { createOpenAiProvider } from '../llm/openai';
import { createSentimentJudge } from '.';

/** A turn's sentiment by the configured model, over real HTTP to a local stand-in. */
describe('sentiment by the configured LLM', () => {
  let fake: FakeLlm;
  let judge: ReturnType<typeof createSentimentJudge>;
  beforeAll(async () => {
    fake = await startFakeLlm();
    const provider = createOpenAiProvider({
      baseUrl: fake.url,
      apiKey: 'fake-key',
      models: ['fake-model'],
      headersTimeoutMs: 5000,
      idleTimeoutMs: 5000,
    });
    judge = createSentimentJudge({ provider, model: 'fake-model' });
  });
  afterAll(() => fake.close());

  it('when the model names a sentiment, then the turn takes it, and the model was asked for one word', async () => {
    fake.behave = () => ({ kind: 'stream', chunks: ['Neg', 'ative.'] });
    // The offline library would call this neutral.
    expect(await judge('Where is my parcel?')).toEqual({
      sentiment: 'negative',
      score: -1,
      source: 'llm',
    });
    const asked = fake.requests.at(-1)?.body;
    expect(asked?.messages[0]?.content).toMatch(/positive, neutral or negative/);
    expect(asked?.messages[1]?.content).toBe('Where is my parcel?');
  });

  it('when the model fails or answers something else, then the offline library decides', async () => {
    fake.behave = () => ({ kind: 'error', status: 503, message: 'offline' });
    expect(await judge('Thanks, great help!')).toMatchObject({
      sentiment: 'positive',
      source: 'offline',
    });
    fake.behave = () => ({ kind: 'stream', chunks: ['It depends'] });
    expect(await judge('This is terrible')).toMatchObject({
      sentiment: 'negative',
      source: 'offline',
    });
  });
});
