/** Parses body, query or params with a contract schema; a failure answers 400 with the fields. */
import type { z } from 'zod';
import { AppError } from './app-error';

/** Which schema checked which part of a request (the API documentation's test listens). */
type ValidationObserver = (
  part: 'body' | 'query' | 'params' | 'response',
  schema: z.ZodType,
) => void;
let observer: ValidationObserver | undefined;
export function observeValidation(next: ValidationObserver | undefined): void {
  observer = next;
}

export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  part: 'body' | 'query' | 'params' = 'body',
): z.infer<S> {
  observer?.(part, schema);
  const result = schema.safeParse(input ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || part,
    message: issue.message,
  }));
  const where = [...new Set(fields.map((f) => f.path))].join(', ');
  return raise(
    new AppError(400, 'VALIDATION_ERROR', `The request ${part} is not valid: ${where}.`, {
      fields,
    }),
  );
}

function raise(error: Error): never {
  throw error;
}

/** Shapes an answer with its contract schema, so nothing outside the schema leaves the server. */
export function shape<S extends z.ZodType>(schema: S, value: z.input<S>): z.infer<S> {
  observer?.('response', schema);
  return schema.parse(value);
}
