/**
 * PostgreSQL parses and plans every unnamed statement anew, and the statements of a request are
 * small: that work was about half of PostgreSQL's CPU per request under bench:soak (a chat answer
 * 4.7 ms → 1.7 ms, a document list 1.2 ms → 0.4 ms, measured on the same machine back to back).
 * A statement prepared under a name is parsed once per connection and its plan can be kept, so
 * the pool's connections prepare the statements the server runs again and again.
 *
 * Which statements: those with parameters (DDL, `begin` and `commit` have none) seen before in
 * this process, so a one-off text (a bulk insert of so many rows) is never kept. Names come
 * from the text's hash, so every connection and every run give a text the same name. Connections
 * end after an hour (createDatabase), which also bounds what one keeps.
 *
 * A node that prepared `select * from t` before another node's migration added a column to `t`
 * gets "cached plan must not change result type" once: that text is never named again in this
 * process, and outside a transaction the statement is run again unnamed at once.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Texts longer than this, or with more parameters, stay unnamed (bulk writes). */
const MAX_TEXT = 8000;
const MAX_PARAMETERS = 100;
/** Texts remembered (seen once, or named); a server's own queries are a few hundred. */
const MAX_TEXTS = 2000;

const SEEN = 0;
const NEVER = 1;
/** Per text: seen once, never to be named, or its statement name. */
const texts = new Map<string, typeof SEEN | typeof NEVER | string>();

/** The statement name of `text`, or undefined while it should run unnamed. */
function nameOf(text: string, parameters: number): string | undefined {
  if (parameters === 0 || parameters > MAX_PARAMETERS || text.length > MAX_TEXT) return undefined;
  const known = texts.get(text);
  if (typeof known === 'string') return known;
  if (known === NEVER) return undefined;
  if (known === SEEN) {
    const name = `a${createHash('sha1').update(text).digest('base64url')}`;
    texts.set(text, name);
    return name;
  }
  if (texts.size >= MAX_TEXTS)
    // Full of texts seen once (lists of ids of every length): forget those, keep the names.
    for (const [seen, state] of texts) if (state === SEEN) texts.delete(seen);
  if (texts.size < MAX_TEXTS) texts.set(text, SEEN);
  return undefined;
}

const STALE_PLAN = 'cached plan must not change result type';
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

type Query = (text: unknown, values?: unknown) => Promise<pg.QueryResult>;

/** Makes `client.query(text, values)` run frequent texts as named statements. */
export function nameFrequentStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as unknown as Query;
  let inTransaction = false;
  const named: Query = async (text, values) => {
    if (typeof text !== 'string' || !Array.isArray(values)) return query(text, values);
    if (BEGINS.test(text)) inTransaction = true;
    else if (ENDS.test(text)) inTransaction = false;
    const name = nameOf(text, values.length);
    if (name === undefined) return query(text, values);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes(STALE_PLAN)) throw error;
      texts.set(text, NEVER);
      if (inTransaction) throw error;
      return query(text, values);
    }
  };
  // pg's overloads (callbacks, configs, cursors) are all still served by `query` itself.
  client.query = named as unknown as typeof client.query;
}
