/** Fixtures of the database-source tests: a small shipments table, as SQLite, MariaDB or PG. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { TestApp } from './test-app';

const REGIONS = ['North', 'South', 'East', 'West'] as const;

/** 40 shipments: region i % 4, weight i; per region 10 rows. */
function shipmentRows(): [number, string, string, number][] {
  return Array.from({ length: 40 }, (_, i) => [
    i + 1,
    REGIONS[i % 4],
    i % 2 ? 'sea' : 'air',
    i + 1,
  ]);
}

export const SHIPMENTS_DDL =
  'CREATE TABLE shipments (id integer primary key, region varchar(20) not null, ' +
  'mode varchar(10) not null, weight integer not null)';

/** The INSERT of shipmentRows() as one statement. */
export const shipmentsInsert = () =>
  `INSERT INTO shipments (id, region, mode, weight) VALUES ${shipmentRows()
    .map(([id, region, mode, weight]) => `(${id}, '${region}', '${mode}', ${weight})`)
    .join(', ')}`;

let sourceDir: string | undefined;

/** The directory of this test process's SQLite sources: its apps' DB_SOURCE_SQLITE_DIR. */
export function sqliteSourceDir(): string {
  sourceDir ??= mkdtempSync(join(tmpdir(), 'atrium-sources-'));
  return sourceDir;
}

/**
 * The environment of an app whose database sources are the test's own: SQLite files in
 * sqliteSourceDir() and servers on loopback (MariaDB and PostgreSQL started by the harness).
 */
export const sourceEnv = (): Record<string, string> => ({
  DB_SOURCE_SQLITE_DIR: sqliteSourceDir(),
  INTEGRATION_HOSTS_ALLOW: '127.0.0.1',
});

/** An SQLite file in sqliteSourceDir(), outside any data directory, holding the shipments table. */
export function sqliteSourceFile(): string {
  const file = join(mkdtempSync(join(sqliteSourceDir(), 'source-')), 'shipments.db');
  const db = new Database(file);
  db.exec(SHIPMENTS_DDL);
  db.exec(shipmentsInsert());
  db.close();
  return file;
}

export function sqliteSourceBody(file: string, extra: Record<string, unknown> = {}) {
  return { name: 'Shipments file', db_type: 'sqlite', database: file, department_id: 1, ...extra };
}

export async function createSource(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await t.api('POST', '/api/integrations/db-source', { token, body });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.raw}`);
  return res.body as { id: number };
}

/**
 * A Debian-like packages table whose measure is written with its unit (installed_size_kb) and
 * whose text columns hold words: for questions naming "installed size", and for aggregates a
 * text column must not be offered.
 */
const PACKAGE_SECTIONS = ['admin', 'devel', 'libs', 'net'] as const;

/** 20 packages: section i % 4, installed size (i + 1) * 100 kB; maintainer a name. */
function packageRows(): [string, string, number, string][] {
  return Array.from({ length: 20 }, (_, i) => [
    `pkg-${String(i + 1).padStart(2, '0')}`,
    PACKAGE_SECTIONS[i % 4],
    (i + 1) * 100,
    i % 3 ? 'Debian QA Group' : 'Ana Lima',
  ]);
}

/** Per section, in the sections' order: [section, total kB, package count, largest kB]. */
export function packageTotals(): [string, number, number, number][] {
  return PACKAGE_SECTIONS.map((section) => {
    const sizes = packageRows()
      .filter((r) => r[1] === section)
      .map((r) => r[2]);
    return [section, sizes.reduce((a, b) => a + b, 0), sizes.length, Math.max(...sizes)];
  });
}

export const PACKAGES_DDL =
  'CREATE TABLE packages (package varchar(40) primary key, section varchar(20) not null, ' +
  'installed_size_kb integer not null, maintainer varchar(80) not null)';

export const packagesInsert = () =>
  `INSERT INTO packages (package, section, installed_size_kb, maintainer) VALUES ${packageRows()
    .map(([name, section, size, who]) => `('${name}', '${section}', ${size}, '${who}')`)
    .join(', ')}`;

/**
 * Sales by region, year and quarter, two years of them: for questions naming two groupings
 * ("2025 sales by region and quarter") and a year that must leave the other one out.
 */
export const SALES_REGIONS = ['North', 'South', 'East', 'West'] as const;
export const SALES_QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;

/** [id, region, year, quarter, amount]: 2024 and 2025, each region and quarter once. */
function salesRows(): [number, string, number, string, number][] {
  const rows: [number, string, number, string, number][] = [];
  for (const year of [2024, 2025])
    SALES_REGIONS.forEach((region, r) =>
      SALES_QUARTERS.forEach((quarter, q) =>
        rows.push([rows.length + 1, region, year, quarter, saleAmount(year, r, q)]),
      ),
    );
  return rows;
}

/** The amount of region `r` in quarter `q` of `year`: every cell different, 2024 far apart. */
export const saleAmount = (year: number, r: number, q: number) =>
  (year - 2023) * 10_000 + (r + 1) * 100 + (q + 1) * 10;

export const SALES_DDL =
  'CREATE TABLE sales (id integer primary key, region varchar(20) not null, ' +
  'year integer not null, quarter varchar(2) not null, sales_amount integer not null)';

export const salesInsert = () =>
  `INSERT INTO sales (id, region, year, quarter, sales_amount) VALUES ${salesRows()
    .map(
      ([id, region, year, quarter, amount]) =>
        `(${id}, '${region}', ${year}, '${quarter}', ${amount})`,
    )
    .join(', ')}`;

/** An SQLite file in sqliteSourceDir() holding the sales table. */
export function sqliteSalesFile(): string {
  const file = join(mkdtempSync(join(sqliteSourceDir(), 'sales-')), 'sales.db');
  const db = new Database(file);
  db.exec(SALES_DDL);
  db.exec(salesInsert());
  db.close();
  return file;
}
