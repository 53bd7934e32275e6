import Fastify, { type FastifyInstance } from 'fastify';
import { createServer } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { modules } from '../../container';
import { buildModules, createCore } from '../../module';
import { apiKeysModule } from '../api-keys/module';
import { identityModule } from '../identity/module';
import { serviceAgentModule } from '../service-agent/module';
import { sopModule } from './module';
import { createMailer } from '../../services/mail/mailer';
import { createAccessTokens } from '../../services/security/access-tokens';
import { pdfText } from '../../test-support/pdf-text';
import { createSop, seaShipment } from '../../test-support/sop';
import {
  startTestApp,
  TEST_ADMIN,
  TEST_API_KEY,
  testDatabases,
  type TestApp,
} from '../../test-support/test-app';
import { checklistService } from './checklist-service';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/**
 * The checklist service on its own: only its plugin, with its dependencies and the
 * x-api-key / sign-in guard, on a Fastify instance of its own at another address; the console's
 * runtime-config points there (SOP_SERVICE_URL) and the calls go over HTTP.
 */
describe.each(testDatabases)('the checklist service served on its own on %s', (dialect) => {
  let t: TestApp;
  let service: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}/checklists`;
    t = await startTestApp(dialect, { SOP_SERVICE_URL: `${base}/` });
    const built = buildModules(
      createCore(
        {
          config: t.config,
          database: t.database,
          mailer: createMailer(t.config),
          tokens: createAccessTokens(t.config.jwtSecret),
        },
        pino({ level: 'silent' }),
      ),
      modules,
    );
    const identity = built.services(identityModule);
    service = Fastify();
    await service.register(checklistService, {
      prefix: '/checklists',
      checklists: built.services(sopModule).sop.checklists,
      guard: {
        apiKey: t.config.apiKey,
        sessions: identity.sessions,
        profiles: identity.profiles,
        visitors: built.services(serviceAgentModule).visitorLogin,
        apiKeyAuth: built.services(apiKeysModule).apiKeyAuth,
      },
    });
    await service.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await service?.close();
    await t?.close();
  });

  it('when the console points at a separate checklist service, then a checklist is saved and exported through it, and without the API key or sign-in it refuses', async () => {
    const config = await t.api('GET', '/runtime-config.json', { apiKey: null });
    expect(config.body.sopServiceUrl).toBe(base);
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const sop = await createSop(t, token);
    const created = checklistSchema.parse(
      (await t.api('POST', '/api/sop/checklists', { token, body: seaShipment(sop.id) })).body,
    );
    const call = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${config.body.sopServiceUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': TEST_API_KEY,
          authorization: `Bearer ${token}`,
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const first = created.items[0];
    const saved = await call('/sop/save_checklist', {
      checklist_id: created.id,
      checklist_data: { items: [{ id: first.id, done: true, owner: 'Remote Ana' }] },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ version: 2, done_count: 1 });
    const reopened = await t.api('GET', `/api/sop/checklists/${created.id}`, { token });
    expect(reopened.body.items[0]).toMatchObject({ done: true, owner: 'Remote Ana' });

    const pdf = await call('/sop/export_checklist', { checklist_id: created.id });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('Remote Ana');
    const csv = await call('/sop/export_checklist', {
      checklist_id: created.id,
      export_type: 'csv',
    });
    expect(await csv.text()).toContain('Remote Ana');

    const noKey = await call(
      '/sop/export_checklist',
      { checklist_id: created.id },
      { 'x-api-key': 'wrong' },
    );
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).code).toBe('INVALID_API_KEY');
    const noSession = await call(
      '/sop/save_checklist',
      { checklist_id: created.id, checklist_data: { items: [] } },
      { authorization: '' },
    );
    expect(noSession.status).toBe(401);
    const unknownType = await call('/sop/export_checklist', {
      checklist_id: created.id,
      export_type: 'docx',
    });
    expect(unknownType.status).toBe(400);
  });
});
