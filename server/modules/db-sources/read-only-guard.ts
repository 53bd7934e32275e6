/**
 * The parser layer of a database source's read-only defence (issue 17 item 6): a query runs only
 * when node-sql-parser reads it, in the source's own dialect, as exactly one SELECT (WITH
 * included) that writes nothing anywhere. Anything the parser cannot read is refused (fail
 * closed), so an exotic construct never slips through because a pattern did not foresee it.
 * This is one layer of several: the drivers also open read-only sessions, roll back, cap rows
 * and time out on the server (see drivers/*.ts).
 */
// node-sql-parser is CommonJS: under Node's ESM loader only its default export is there.
import sqlParser from 'node-sql-parser';
import type { DbSourceType } from '../../../contract/db-sources';

const DIALECT: Record<DbSourceType, string> = {
  postgres: 'PostgresQL',
  mysql: 'MariaDB',
  sqlite: 'Sqlite',
  mssql: 'TransactSQL',
};

/**
 * Functions with side effects (or that read the server's files, or run SQL given as text),
 * lower case. SLEEP / pg_sleep are not here: the statement timeout cuts them off.
 */
const SIDE_EFFECT_FUNCTIONS = new Set([
  // PostgreSQL
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_file_write',
  'pg_file_rename',
  'pg_file_unlink',
  'lo_import',
  'lo_export',
  'lo_unlink',
  'lo_create',
  'lo_creat',
  'lo_from_bytea',
  'lo_put',
  'lo_open',
  'lowrite',
  'setval',
  'nextval',
  'set_config',
  'pg_notify',
  'pg_create_restore_point',
  'pg_switch_wal',
  'pg_promote',
  'pg_backup_start',
  'pg_backup_stop',
  'pg_start_backup',
  'pg_stop_backup',
  'pg_create_logical_replication_slot',
  'pg_create_physical_replication_slot',
  'pg_drop_replication_slot',
  'pg_logical_emit_message',
  'pg_advisory_lock',
  'pg_advisory_xact_lock',
  'pg_try_advisory_lock',
  'pg_try_advisory_xact_lock',
  'pg_advisory_lock_shared',
  'pg_advisory_xact_lock_shared',
  'pg_try_advisory_lock_shared',
  'pg_try_advisory_xact_lock_shared',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'dblink',
  'dblink_exec',
  'dblink_connect',
  'dblink_send_query',
  'pg_import_system_collations',
  'pg_stat_reset',
  'pg_stat_reset_shared',
  // MySQL / MariaDB
  'load_file',
  'get_lock',
  'release_lock',
  'release_all_locks',
  'is_free_lock',
  'benchmark',
  'master_pos_wait',
  'source_pos_wait',
  'master_gtid_wait',
  'sys_exec',
  'sys_eval',
  'nextval',
  'lastval',
  'setval',
  // SQLite
  'load_extension',
  'writefile',
  'readfile',
  'fts3_tokenizer',
  'edit',
  // SQL Server
  'openrowset',
  'opendatasource',
  'openquery',
  'openxml',
  'xp_cmdshell',
]);

/** Statement types that may appear nowhere in the tree. */
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
  'desc',
]);

export type RefusalReason =
  'unreadable' | 'multiple_statements' | 'not_select' | 'into' | 'locking' | 'side_effect_function';

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
    const name = functionName(n);
    const bare = name?.split('.').pop();
    if (bare && SIDE_EFFECT_FUNCTIONS.has(bare))
      throw new QueryRefused('side_effect_function', `The function ${bare} has side effects.`);
  }
}

/**
 * Throws QueryRefused unless `sql` is one read-only SELECT in `type`'s dialect. Returns the text
 * without trailing semicolons and blanks, ready to be wrapped or sent as one statement.
 */
export function assertReadOnlySelect(sql: string, type: DbSourceType): string {
  const text = sql.trim().replace(/[;\s]+$/u, '');
  if (text.length === 0) throw new QueryRefused('unreadable', 'The query is empty.');
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
  return text;
}
