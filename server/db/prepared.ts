/**
 * Queries built and compiled once, then run with new values. Kysely builds an immutable query
 * tree and compiles it to SQL on every call; on the paths every request takes (the session check,
 * GET /users/me, the user list) that was a fifth of the request (bench:api profile). A prepared
 * query is built once per shape with placeholders in place of the values, and each run only
 * swaps the values into the compiled parameter list, on either dialect.
 *
 * The shape of the arguments decides the SQL: the length of every array (an `in` list), which
 * values are null or undefined (a filter left out) and the booleans (a flag such as a row lock).
 * Numbers, strings and other values are placeholders. A build must pass them to the query
 * builder as values, untouched: the first compile checks that every placeholder became a
 * parameter, so a value used in any other way (`${x}` in a string) fails loudly, not silently.
 */
import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

export type Executor = Kysely<DB> | Transaction<DB>;

/** A placeholder: where in the arguments its value is found. */
class Slot {
  constructor(readonly path: readonly (string | number)[]) {}
}

function valueAt(args: unknown, path: readonly (string | number)[]): unknown {
  let value = args;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

/** The arguments with placeholders for values, and a key naming their shape. */
function placeholders(value: unknown, path: (string | number)[], shape: string[]): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') {
    shape.push(String(value));
    return value;
  }
  if (Array.isArray(value)) {
    shape.push(`[${value.length}`);
    const slots = value.map((item, i) => placeholders(item, [...path, i], shape));
    shape.push(']');
    return slots;
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    shape.push('{');
    for (const key of Object.keys(value).sort()) {
      shape.push(key);
      out[key] = placeholders(value[key], [...path, key], shape);
    }
    shape.push('}');
    return out;
  }
  shape.push('$');
  return new Slot([...path]);
}

function slotsIn(value: unknown, found: Slot[] = []): Slot[] {
  if (value instanceof Slot) found.push(value);
  else if (Array.isArray(value)) for (const item of value) slotsIn(item, found);
  else if (isPlainObject(value)) for (const item of Object.values(value)) slotsIn(item, found);
  return found;
}

/** Shapes kept per query; a list of ids compiles once per length, so a few dozen at most. */
const MAX_SHAPES = 200;

interface PreparedQuery<Args extends unknown[], Row> {
  all(ex: Executor, ...args: Args): Promise<Row[]>;
  first(ex: Executor, ...args: Args): Promise<Row | undefined>;
}

export function prepareQuery<Args extends unknown[], Row>(
  build: (...args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  const compiled = new Map<string, CompiledQuery<Row>>();

  function compiledFor(args: Args): CompiledQuery<Row> {
    const shape: string[] = [];
    const slotted = placeholders(args, [], shape) as Args;
    const key = shape.join(' ');
    let query = compiled.get(key);
    if (!query) {
      query = build(...slotted).compile();
      const used = new Set(query.parameters.filter((p): p is Slot => p instanceof Slot));
      const missing = slotsIn(slotted).filter((slot) => !used.has(slot));
      if (missing.length > 0)
        throw new Error(
          `prepareQuery: argument ${missing.map((s) => s.path.join('.')).join(', ')} was not passed to the query as a value`,
        );
      if (compiled.size >= MAX_SHAPES) compiled.clear();
      compiled.set(key, query);
    }
    return query;
  }

  async function run(ex: Executor, args: Args): Promise<Row[]> {
    const query = compiledFor(args);
    const parameters = query.parameters.map((p) => (p instanceof Slot ? valueAt(args, p.path) : p));
    const result = await ex.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  }

  return {
    all: (ex, ...args) => run(ex, args),
    first: async (ex, ...args) => (await run(ex, args))[0],
  };
}
