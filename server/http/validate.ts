/**
 * Input and answers a route's own schema cannot cover: the text fields of a multipart form (read
 * as the upload streams, after Fastify's checks) and the events of a streamed answer.
 */
import type { z } from 'zod';
import { invalidInput } from './route-contract';

/** Parses input with a contract schema; a failure answers 400 with the fields, as a route's does. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  part: 'body' | 'query' | 'params' = 'body',
): z.infer<S> {
  const result = schema.safeParse(input ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  throw invalidInput(part, result.error);
}

/** Shapes an answer with its contract schema, so nothing outside the schema leaves the server. */
export function shape<S extends z.ZodType>(schema: S, value: z.input<S>): z.infer<S> {
  return schema.parse(value);
}
