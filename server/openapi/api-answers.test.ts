/**
 * Every JSON answer leaves through its route's response schema (route-contract.ts's serializer
 * compiler): an answer outside it is the server's fault, a 500 that is logged, never sent as it
 * is. Shown on tiny routes served with the compilers, error handler and logger the app uses.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type ContractTypeProvider,
  serializerCompiler,
  validatorCompiler,
} from '../http/route-contract';
import { registerErrorHandler } from '../plugins/errors';
import { loggerOptions } from '../plugins/request-log';

const widgetSchema = z.object({ id: z.number().int(), name: z.string() });

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** An app with one GET /widget route answering `answer` under the widget schema, and its log. */
async function serve(answer: unknown) {
  const lines: string[] = [];
  const logger = pino(loggerOptions('info'), { write: (line: string) => lines.push(line) });
  const server = Fastify({ loggerInstance: logger }).withTypeProvider<ContractTypeProvider>();
  registerErrorHandler(server as unknown as FastifyInstance);
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.get(
    '/widget',
    { schema: { response: { 200: widgetSchema } } },
    async () => answer as never,
  );
  app = server as unknown as FastifyInstance;
  await app.ready();
  const res = await app.inject({ method: 'GET', url: '/widget' });
  const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
  return { res, errors };
}

describe('answers checked against their schema', () => {
  it('when a route answers outside its response schema, then the client gets a 500 and the log names the route and the field', async () => {
    const { res, errors } = await serve({ id: 'seven', name: 'Lamp', secret: 'x' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error.', code: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('seven');
    expect(errors).toHaveLength(1);
    expect(errors[0].err).toMatchObject({
      type: 'AnswerShapeError',
      message: 'The answer of GET /widget does not match its schema',
      route: 'GET /widget',
      issues: [expect.objectContaining({ path: ['id'] })],
    });
  });

  it('when a route answers its schema with more keys, then only the schema’s keys leave the server', async () => {
    const { res, errors } = await serve({ id: 7, name: 'Lamp', password_hash: 'scrypt$…' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: 'Lamp' });
    expect(errors).toEqual([]);
  });
});
