import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../test-support/fake-llm';
import { createOpenAiProvider } from '../llm/openai';
import { summarize } from '.';

const TEXT =
  'Pelicans are large water birds with a distinctive pouch under the beak. ' +
  'They live on every continent except Antarctica. ' +
  'A pelican scoops up fish in its pouch and drains the water before swallowing.';

describe('document summaries', () => {
  let fake: FakeLlm;
  const model = () => ({
    provider: createOpenAiProvider({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      models: ['summary-model'],
      headersTimeoutMs: 5000,
      idleTimeoutMs: 5000,
    }),
    model: 'summary-model',
  });

  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(async () => fake?.close());

  it('when a model is configured, then it writes the summary from the document through the shared provider', async () => {
    fake.requests.length = 0;
    fake.behave = () => ({ kind: 'stream', chunks: ['A note on ', 'pelicans.'] });
    const result = await summarize(TEXT, model());
    expect(result).toEqual({ summary: 'A note on pelicans.', by: 'llm' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body.model).toBe('summary-model');
    expect(fake.requests[0]?.body.messages.at(-1)?.content).toContain('distinctive pouch');
  });

  it('when the model fails, then the summary is extractive: sentences of the document itself', async () => {
    fake.behave = () => ({ kind: 'error', status: 500, message: 'overloaded' });
    const result = await summarize(TEXT, model());
    expect(result.by).toBe('extractive');
    expect(result.summary).toContain('Pelicans are large water birds');
  });

  it('when no model is configured, then the summary is extractive and nothing is sent', async () => {
    fake.requests.length = 0;
    const result = await summarize(TEXT, null);
    expect(result.by).toBe('extractive');
    expect(result.summary).toMatch(/pelican/i);
    expect(fake.requests).toHaveLength(0);
  });
});
