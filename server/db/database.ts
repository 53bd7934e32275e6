/** The Kysely instance: embedded SQLite by default, PostgreSQL when DATABASE_URL says so. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import { nameFrequentStatements } from './named-statements';
import type { DB } from './schema';
import { BusyRetrySqliteDialect } from './sqlite-busy-retry';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close: () => Promise<void>;
}

export function createDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Database {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // Each connection keeps the statements it prepared (named-statements.ts) until it ends.
      maxLifetimeSeconds: 3600,
    });
    pool.on('connect', nameFrequentStatements);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new SQLite(join(config.dataDir, 'atrium.db'));
  sqlite.pragma('journal_mode = WAL');
  // WAL's usual pairing: a commit is safe when the process dies, and is not flushed to disk each
  // time (a power cut may lose the last commits, never consistency); writes stop waiting on fsync.
  sqlite.pragma('synchronous = NORMAL');
  // 64 MiB of page cache instead of 2: the search index's pages stay in the process instead of
  // being read again from the OS for every question (bench:widget).
  sqlite.pragma('cache_size = -65536');
  // Pages read straight from a memory map of the file: when another server process has written,
  // SQLite drops this connection's page cache, and the map spares copying every page back in.
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('foreign_keys = ON');
  // Waiting for another process's write happens in sqlite-busy-retry.ts, without blocking.
  sqlite.pragma('busy_timeout = 0');
  const db = new Kysely<DB>({
    dialect: new BusyRetrySqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Prepared statements kept per SQL text, most recently used last. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; on SQLite that was the largest single cost of a request
 * (bench:api profile). The same SQL text reuses its prepared statement (SQLite re-prepares it
 * by itself after a schema change). A statement still being iterated is never handed out
 * twice: a fresh one is prepared instead.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

/** A unique constraint failed (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function nowIso(): string {
  return new Date().toISOString();
}
