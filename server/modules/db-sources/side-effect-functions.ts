/**
 * Functions a read-only query may not call: they write, lock, signal, wait on replication, read
 * or list the server's files, or run SQL given as text. Lower case, matched on the name without
 * its schema. SLEEP and pg_sleep are not here: the statement timeout cuts them off.
 */

const NAMES = new Set([
  // PostgreSQL
  'set_config',
  'setval',
  'nextval',
  'txid_current',
  'pg_current_xact_id',
  'pg_export_snapshot',
  'pg_notify',
  'pg_promote',
  'pg_stat_statements_reset',
  'pg_prewarm',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'query_to_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  // MySQL / MariaDB
  'load_file',
  'get_lock',
  'release_lock',
  'release_all_locks',
  'benchmark',
  'master_pos_wait',
  'source_pos_wait',
  'master_gtid_wait',
  'wait_for_executed_gtid_set',
  'wait_until_sql_thread_after_gtids',
  'sys_exec',
  'sys_eval',
  'lastval',
  // SQLite (the last ones come with the sqlite3 shell's extensions)
  'load_extension',
  'writefile',
  'readfile',
  'fts3_tokenizer',
  'edit',
  'fsdir',
  'zipfile',
  // SQL Server
  'openrowset',
  'opendatasource',
  'openquery',
  'openxml',
]);

/** Whole families, by the start of their names. */
const PREFIXES = [
  // PostgreSQL: large objects, server files and directories, statistics resets, log writes,
  // replication slots and origins, backups and WAL control, advisory locks, signals, dblink.
  'lo_',
  'pg_read_',
  'pg_file_',
  'pg_ls_',
  'pg_stat_file',
  'pg_stat_reset',
  'pg_log_',
  'pg_replication_',
  'pg_logical_',
  'pg_create_',
  'pg_drop_',
  'pg_copy_',
  'pg_backup_',
  'pg_start_',
  'pg_stop_',
  'pg_switch_',
  'pg_wal_replay_',
  'pg_advisory_',
  'pg_try_advisory_',
  'pg_terminate_',
  'pg_cancel_',
  'pg_reload_',
  'pg_rotate_',
  'pg_import_',
  'dblink',
  // SQL Server extended procedures
  'xp_',
];

export function hasSideEffects(name: string): boolean {
  return NAMES.has(name) || PREFIXES.some((prefix) => name.startsWith(prefix));
}
