import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { startFakeLlm, type FakeLlm } from '../../test-support/fake-llm';
import { createSop, seaShipment } from '../../test-support/sop';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';

interface JsonSchema {
  required: string[];
  properties: Record<string, JsonSchema>;
  items: JsonSchema;
  enum: string[];
}

interface SentPassage {
  id: string;
  text: string;
}

/** The model's reply: every duty passage cited, plus one citing nothing and one made up. */
function reply(passages: SentPassage[]): string {
  const items = passages
    .filter((p) => /must|shall|ensure|verify|submit|^\d\)/i.test(p.text))
    .map((p) => ({
      passage: p.id,
      text: p.text,
      modes: /air waybill|IATA/.test(p.text)
        ? ['air']
        : /seal|bill of lading/.test(p.text)
          ? ['sea']
          : /truck/.test(p.text)
            ? ['road']
            : [],
      countries: /Germany/.test(p.text) ? ['DE'] : /Brazil/.test(p.text) ? ['BR'] : [],
    }));
  items.push({ passage: 'p999', text: 'Pay the model a bonus.', modes: [], countries: [] });
  items.push({
    passage: passages[0].id,
    text: 'Fumigate every container with cyanide twice.',
    modes: [],
    countries: [],
  });
  return `\`\`\`json\n${JSON.stringify({ items })}\n\`\`\``;
}

describe.each(testDatabases)('SOP checklists with a language model on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeLlm;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startTestApp(dialect, {
      LLM_BASE_URL: `${fake.url}/v1`,
      LLM_API_KEY: 'fake-key',
      LLM_MODELS: 'sop-model',
      LLM_TIMEOUT_MS: '3000',
    });
    token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('when the model proposes items, then only those citing an SOP passage stay, with its section and page, and asking again gives the same checklist', async () => {
    fake.behave = (request) => {
      const sent = JSON.parse(request.body.messages[1].content) as { passages: SentPassage[] };
      return { kind: 'stream', chunks: [reply(sent.passages)] };
    };
    const sop = await createSop(t, token);
    const res = await t.api('POST', '/api/sop/checklists', { token, body: seaShipment(sop.id) });
    expect(res.status).toBe(201);
    const checklist = checklistSchema.parse(res.body);
    expect(checklist.engine).toBe('llm');
    expect(fake.requests[0].body.model).toBe('sop-model');
    // A structured-output request: the reply's JSON schema travels with it (strict).
    const format = fake.requests[0].body.response_format as {
      json_schema: { schema: JsonSchema };
    };
    expect(format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'sop_checklist_items', strict: true },
    });
    expect(format.json_schema.schema.required).toEqual(['items']);
    expect(format.json_schema.schema.properties.items.items.required).toEqual([
      'passage',
      'text',
      'modes',
      'countries',
    ]);
    expect(format.json_schema.schema.properties.items.items.properties.modes.items.enum).toEqual([
      'air',
      'sea',
      'road',
      'rail',
    ]);
    expect(checklist.items.some((i) => /bonus|cyanide/.test(i.text))).toBe(false);
    expect(
      checklist.items.find((i) => i.text.startsWith('The forwarder shall verify')),
    ).toMatchObject({ section: '2. Sea Freight', page: 2 });
    expect(checklist.items.some((i) => i.text.includes('air waybill'))).toBe(false);
    expect(checklist.excluded.map((e) => e.reason).sort()).toEqual([
      'country',
      'mode',
      'mode',
      'mode',
    ]);
    const calls = fake.requests.length;
    const again = checklistSchema.parse(
      (await t.api('POST', '/api/sop/checklists', { token, body: seaShipment(sop.id) })).body,
    );
    expect(again.items).toEqual(checklist.items);
    expect(fake.requests.length).toBe(calls);
  });

  it('when the model answers outside the schema, then the built-in extractor makes the checklist, and keeps making it for that SOP', async () => {
    fake.behave = () => ({ kind: 'stream', chunks: ['{"items": "all of them"}'] });
    const sop = await createSop(t, token);
    const res = await t.api('POST', '/api/sop/checklists', { token, body: seaShipment(sop.id) });
    expect(res.status).toBe(201);
    expect(res.body.engine).toBe('builtin');
    expect(res.body.items).toHaveLength(6);
    // The model would now answer well, but the decision for this SOP file is kept.
    fake.behave = (request) => {
      const sent = JSON.parse(request.body.messages[1].content) as { passages: SentPassage[] };
      return { kind: 'stream', chunks: [reply(sent.passages)] };
    };
    const calls = fake.requests.length;
    const again = await t.api('POST', '/api/sop/checklists', { token, body: seaShipment(sop.id) });
    expect(again.body.engine).toBe('builtin');
    expect(again.body.items).toEqual(res.body.items);
    expect(fake.requests.length).toBe(calls);
    // A new SOP is asked afresh.
    const other = await createSop(t, token);
    const fresh = await t.api('POST', '/api/sop/checklists', {
      token,
      body: seaShipment(other.id),
    });
    expect(fresh.body.engine).toBe('llm');
  });
});
