/**
 * The driver of each source type. A driver's client library (tedious with Azure's identity
 * packages, mysql2, …) is loaded on the first use of its type, not when the server starts:
 * most servers never connect to a SQL Server, and every server process would pay for it.
 */
import type { DbSourceType } from '../../../../contract/db-sources';
import { quoteFor } from './quoting';
import type { SourceDriver } from './types';

function lazy(type: DbSourceType, load: () => Promise<SourceDriver>): SourceDriver {
  let loaded: Promise<SourceDriver> | undefined;
  const driver = () => (loaded ??= load());
  return {
    test: async (conn) => (await driver()).test(conn),
    tables: async (conn, options) => (await driver()).tables(conn, options),
    run: async (conn, sql, limits, options) => (await driver()).run(conn, sql, limits, options),
    quote: quoteFor[type],
  };
}

export const drivers: Record<DbSourceType, SourceDriver> = {
  postgres: lazy('postgres', async () => (await import('./postgres')).postgresDriver),
  mysql: lazy('mysql', async () => (await import('./mysql')).mysqlDriver),
  sqlite: lazy('sqlite', async () => (await import('./sqlite')).sqliteDriver),
  mssql: lazy('mssql', async () => (await import('./mssql')).mssqlDriver),
};
