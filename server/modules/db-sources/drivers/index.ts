/** The driver of each source type. */
import type { DbSourceType } from '../../../../contract/db-sources';
import { mssqlDriver } from './mssql';
import { mysqlDriver } from './mysql';
import { postgresDriver } from './postgres';
import { sqliteDriver } from './sqlite';
import type { SourceDriver } from './types';

export const drivers: Record<DbSourceType, SourceDriver> = {
  postgres: postgresDriver,
  mysql: mysqlDriver,
  sqlite: sqliteDriver,
  mssql: mssqlDriver,
};
