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
