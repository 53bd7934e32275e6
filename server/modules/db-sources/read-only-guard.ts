/**
 * The parser layer of a database source's read-only defence: a query runs only when
 * node-sql-parser reads it, in the source's own dialect, as exactly one SELECT (WITH included)
 * that writes nothing anywhere. Anything the parser cannot read is refused (fail closed), so an
 * exotic construct never slips through because a pattern did not foresee it.
 *
 * What runs is not the text that came in but the SQL regenerated from the checked tree, and only
 * when that SQL reads back into a tree that passes the same checks and regenerates to itself: a
 * construct the parser misreads (a comment MySQL executes, a quote the server ends elsewhere)
 * then either vanishes or is refused, instead of running unseen. MySQL's executable comments and
 * optimizer hints are refused outright.
 *
 * This is one layer of several: the drivers also open read-only sessions, roll back, cap rows
 * and time out on the server, and the account's rights are checked (see drivers/*.ts).
 */
// node-sql-parser is CommonJS: under Node's ESM loader only its default export is there.
import sqlParser from 'node-sql-parser';
import type { DbSourceType } from '../../../contract/db-sources';
import { hasSideEffects } from './side-effect-functions';
import { ambiguity, executableComment } from './sql-lexing';

const DIALECT: Record<DbSourceType, string> = {
  postgres: 'PostgresQL',
  mysql: 'MariaDB',
  sqlite: 'Sqlite',
  mssql: 'TransactSQL',
};

/**
 * Statement types that may appear nowhere in the tree. Not `desc`: an ORDER BY item's type is
 * 'DESC', and a DESCRIBE statement is refused anyway as a statement that is not a SELECT.
 */
const WRITE_TYPES = new Set([
  'insert',
  'update',
  'delete',
  'replace',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'set',
  'lock',
  'unlock',
  'call',
  'exec',
  'execute',
  'merge',
  'load_data',
  'transaction',
  'use',
  'declare',
  'show',
  'describe',
]);

export type RefusalReason =
  | 'unreadable'
  | 'multiple_statements'
  | 'not_select'
  | 'into'
  | 'locking'
  | 'side_effect_function'
  | 'executable_comment';

export class QueryRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'QueryRefused';
  }
}

const parser = new sqlParser.Parser();

function functionName(node: Record<string, unknown>): string | undefined {
  const { name } = node;
  if (typeof name === 'string') return name.toLowerCase();
  if (name && typeof name === 'object') {
    const parts = (name as { name?: { value?: unknown }[] }).name;
    if (Array.isArray(parts))
      return parts
        .map((p) => String(p.value ?? ''))
        .join('.')
        .toLowerCase();
  }
  return undefined;
}

function walk(node: unknown, visit: (n: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  visit(record);
  for (const value of Object.values(record)) walk(value, visit);
}

function checkNode(n: Record<string, unknown>): void {
  const type = typeof n.type === 'string' ? n.type.toLowerCase() : '';
  if (WRITE_TYPES.has(type)) throw new QueryRefused('not_select', `A ${type} statement inside.`);
  const into = n.into as { type?: string; expr?: unknown; keyword?: unknown } | undefined;
  if (into && typeof into === 'object' && (into.type === 'into' || into.expr || into.keyword))
    throw new QueryRefused('into', 'SELECT … INTO writes its result somewhere.');
  if (n.locking_read || n.for_update)
    throw new QueryRefused('locking', 'A locking clause (FOR UPDATE / FOR SHARE).');
  if (type === 'function' || type === 'aggr_func') {
    const bare = functionName(n)?.split('.').pop();
    if (bare && hasSideEffects(bare))
      throw new QueryRefused('side_effect_function', `The function ${bare} has side effects.`);
  }
}

/** The tree of `text`, checked to be one read-only SELECT. */
function checkedTree(text: string, type: DbSourceType): unknown {
  let ast: unknown;
  try {
    ast = parser.astify(text, { database: DIALECT[type] });
  } catch {
    throw new QueryRefused('unreadable', 'The query could not be read as SQL of this database.');
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1)
    throw new QueryRefused('multiple_statements', 'Only one statement may run at a time.');
  const [statement] = statements as { type?: string }[];
  if (statement?.type !== 'select')
    throw new QueryRefused('not_select', 'Only SELECT (and WITH … SELECT) may run.');
  walk(statement, checkNode);
  return statement;
}

const NAME_KEYS = new Set(['table', 'db', 'schema', 'as']);

/**
 * The regenerated SQL quotes every table name and alias. PostgreSQL folds an unquoted name to
 * lower case and keeps a quoted one as written, so a name the author did not quote is folded
 * here first: `FROM Shipments` still reads the table shipments, `AS Total` still names the
 * column total.
 */
function foldUnquotedNames(tree: unknown, source: string): void {
  const fold = (name: string) =>
    name === name.toLowerCase() || source.includes(`"${name}"`) ? name : name.toLowerCase();
  walk(tree, (n) => {
    for (const key of Object.keys(n))
      if (NAME_KEYS.has(key) && typeof n[key] === 'string') n[key] = fold(n[key]);
    // A WITH query's name: { name: { type: 'default', value }, stmt }.
    const cte = n.stmt ? (n.name as { type?: unknown; value?: unknown } | null) : null;
    if (cte && typeof cte === 'object' && cte.type === 'default' && typeof cte.value === 'string')
      cte.value = fold(cte.value);
  });
}

function regenerated(tree: unknown, source: string, type: DbSourceType): string {
  if (type === 'postgres') foldUnquotedNames(tree, source);
  try {
    return parser.sqlify(tree as Parameters<typeof parser.sqlify>[0], {
      database: DIALECT[type],
    });
  } catch {
    throw new QueryRefused('unreadable', 'The query could not be written back as SQL.');
  }
}

/**
 * Throws QueryRefused unless `sql` is one read-only SELECT in `type`'s dialect. Returns the SQL
 * to run: regenerated from the checked tree, never the text that came in.
 */
export function assertReadOnlySelect(sql: string, type: DbSourceType): string {
  const text = sql.trim().replace(/[;\s]+$/u, '');
  if (text.length === 0) throw new QueryRefused('unreadable', 'The query is empty.');
  if (type === 'mysql') {
    const comment = executableComment(text);
    if (comment)
      throw new QueryRefused(
        'executable_comment',
        `MySQL runs what a ${comment.kind} … */ comment holds; such comments are not allowed.`,
      );
  }
  const runs = regenerated(checkedTree(text, type), text, type);
  const unclear = ambiguity(runs, type);
  if (unclear) throw new QueryRefused('unreadable', unclear);
  // The SQL that runs must read back into a tree that passes the checks and writes itself again.
  const again = regenerated(checkedTree(runs, type), runs, type);
  if (again !== runs)
    throw new QueryRefused('unreadable', 'The query does not read back the same way.');
  return runs;
}
