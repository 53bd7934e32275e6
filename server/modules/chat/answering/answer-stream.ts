/**
 * An answer as a server-sent event stream: `meta` first, then `delta`s, then `done` (or `error`).
 * A refusal before the first `meta` (403, 404, 400) is an ordinary JSON error answer.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chatAnswerSchema } from '../../../../contract/chat';
import { shape } from '../../../http/validate';
import { toErrorBody } from '../../../plugins/errors';
import { type AnswerService, ChatCancelled } from './answer-service';

type AskInput = Omit<Parameters<AnswerService['ask']>[0], 'sink'>;

export async function streamAnswer(
  answers: AnswerService,
  input: AskInput,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const stream = new PassThrough();
  const send = (event: string, data: unknown) =>
    stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let started = false;
  let markStarted: () => void = () => undefined;
  const startedPromise = new Promise<void>((resolve) => (markStarted = resolve));
  const sink = {
    meta(value: unknown) {
      started = true;
      markStarted();
      send('meta', value);
    },
    delta: (text: string) => send('delta', { text }),
  };
  const work = answers.ask({ ...input, sink }).then(
    (done) => {
      send('done', shape(chatAnswerSchema, done));
      stream.end();
    },
    (error: unknown) => {
      if (!started) throw error;
      if (!(error instanceof ChatCancelled)) {
        request.log.error({ err: error }, 'chat stream failed');
        send('error', toErrorBody(error).body);
      }
      stream.end();
    },
  );
  try {
    await Promise.race([startedPromise, work]);
  } catch (error) {
    if (error instanceof ChatCancelled) return reply.code(499).send();
    throw error;
  }
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
