import { describe, expect, it } from 'vitest';
import type { DbSourceType } from '../../../contract/db-sources';
import { assertReadOnlySelect, QueryRefused, type RefusalReason } from './read-only-guard';

function reasonOf(sql: string, type: DbSourceType): RefusalReason | 'allowed' {
  try {
    assertReadOnlySelect(sql, type);
    return 'allowed';
  } catch (error) {
    if (error instanceof QueryRefused) return error.reason;
    throw error;
  }
}

describe('the read-only parser layer', () => {
  const cases: [DbSourceType, string, RefusalReason | 'allowed'][] = [
    ['mysql', 'SELECT region, SUM(weight) FROM shipments GROUP BY region', 'allowed'],
    ['mysql', 'WITH r AS (SELECT region FROM shipments) SELECT * FROM r;', 'allowed'],
    ['mysql', 'SELECT SLEEP(30)', 'allowed'],
    ['postgres', 'SELECT pg_sleep(30)', 'allowed'],
    ['mysql', "INSERT INTO shipments VALUES (1, 'x', 'air', 1)", 'not_select'],
    ['mysql', 'UPDATE shipments SET weight = 0', 'not_select'],
    ['mysql', 'CREATE TABLE t (a int)', 'not_select'],
    ['mysql', 'SELECT 1; DROP TABLE shipments', 'multiple_statements'],
    ['mysql', "SELECT * FROM shipments INTO OUTFILE '/tmp/x'", 'into'],
    ['mysql', "SELECT * FROM shipments INTO DUMPFILE '/tmp/x'", 'into'],
    ['mysql', 'SELECT region INTO @r FROM shipments LIMIT 1', 'into'],
    ['mysql', 'SELECT * FROM shipments FOR UPDATE', 'locking'],
    ['mysql', "SELECT LOAD_FILE('/etc/passwd')", 'side_effect_function'],
    ['mysql', "SELECT GET_LOCK('a', 10)", 'side_effect_function'],
    ['mysql', 'SELECT (SELECT BENCHMARK(1000000000, MD5(1)))', 'side_effect_function'],
    ['postgres', 'SELECT * INTO copy FROM shipments', 'into'],
    // node-sql-parser does not read PostgreSQL's locking clauses: refused as unreadable.
    ['postgres', 'SELECT * FROM shipments FOR UPDATE', 'unreadable'],
    ['postgres', "SELECT pg_read_file('/etc/passwd')", 'side_effect_function'],
    ['postgres', "SELECT setval('s', 1)", 'side_effect_function'],
    [
      'postgres',
      "SELECT query_to_xml('delete from shipments', true, true, '')",
      'side_effect_function',
    ],
    ['postgres', 'WITH d AS (DELETE FROM shipments RETURNING *) SELECT * FROM d', 'unreadable'],
    ['postgres', 'SELECT 1; SELECT 2', 'multiple_statements'],
    ['postgres', 'TRUNCATE shipments', 'not_select'],
    ['sqlite', "SELECT load_extension('x')", 'side_effect_function'],
    ['sqlite', 'ATTACH DATABASE "/tmp/x" AS x', 'not_select'],
    ['mssql', 'SELECT TOP 5 * FROM shipments', 'allowed'],
    ['mssql', "SELECT * FROM OPENROWSET('x', 'y', 'z')", 'side_effect_function'],
    ['mysql', '', 'unreadable'],
    // MySQL runs what executable comments and optimizer hints hold; the parser skips them.
    [
      'mysql',
      "SELECT region FROM shipments WHERE 1=0 /*! UNION SELECT load_file('/etc/hostname') */",
      'executable_comment',
    ],
    ['mysql', "SELECT 1 /*! INTO OUTFILE '/tmp/x' */", 'executable_comment'],
    ['mysql', "SELECT 1 /*M!100000 , GET_LOCK('a', 1) */", 'executable_comment'],
    ['mysql', "SELECT 1 /*!50000 , GET_LOCK('a', 1) */", 'executable_comment'],
    ['mysql', 'SELECT /*+ MAX_EXECUTION_TIME(100000) */ 1', 'executable_comment'],
    ['mysql', "SELECT 'a\\' /*! , GET_LOCK('a', 1) */ AS x", 'executable_comment'],
    ['mysql', "SELECT '/*! only text */' AS x", 'allowed'],
    ['mysql', 'SELECT region FROM shipments ORDER BY region DESC', 'allowed'],
    ['mysql', 'DESC shipments', 'not_select'],
    ['mysql', 'DESCRIBE shipments', 'not_select'],
    ['postgres', 'SELECT region FROM shipments ORDER BY weight DESC, region', 'allowed'],
    ['sqlite', 'SELECT region FROM shipments ORDER BY weight DESC', 'allowed'],
    ['postgres', 'SELECT pg_stat_reset_single_table_counters(16384)', 'side_effect_function'],
    ['postgres', 'SELECT pg_log_backend_memory_contexts(pg_backend_pid())', 'side_effect_function'],
    ['postgres', 'SELECT txid_current()', 'side_effect_function'],
    ['postgres', 'SELECT pg_current_xact_id()', 'side_effect_function'],
    ['postgres', "SELECT pg_replication_origin_create('x')", 'side_effect_function'],
    ['postgres', "SELECT pg_catalog.pg_ls_dir('/')", 'side_effect_function'],
    // A backslash before a quote: one string to the parser, a string and a call to the server.
    ['sqlite', "SELECT 'a\\' , load_extension('/tmp/x') --'", 'unreadable'],
    ['postgres', "SELECT 'a\\' AS x", 'unreadable'],
  ];
  it.each(cases)('when %s is asked to run %s, then the answer is %s', (type, sql, reason) => {
    expect(reasonOf(sql, type)).toBe(reason);
  });

  it('when a SELECT ends in semicolons, then they are dropped from the text that runs', () => {
    expect(assertReadOnlySelect('SELECT 1 ;; ', 'postgres')).toBe('SELECT 1');
  });

  it('when a query passes, then what runs is regenerated from its tree, comments gone', () => {
    expect(assertReadOnlySelect('SELECT region -- who\nFROM shipments /* all */', 'mysql')).toBe(
      'SELECT `region` FROM `shipments`',
    );
    expect(assertReadOnlySelect('SELECT region FROM shipments -- x', 'sqlite')).toBe(
      'SELECT "region" FROM "shipments"',
    );
  });

  it('when a PostgreSQL query names tables without quotes, then the regenerated SQL folds them as PostgreSQL does', () => {
    expect(
      assertReadOnlySelect('SELECT S.Region AS Total FROM Public.Shipments S', 'postgres'),
    ).toBe('SELECT "s".Region AS "total" FROM "public"."shipments" AS "s"');
    expect(assertReadOnlySelect('SELECT "Id" FROM "Mixed" AS m', 'postgres')).toBe(
      'SELECT "Id" FROM "Mixed" AS "m"',
    );
  });
});
