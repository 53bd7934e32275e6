/**
 * A PostgreSQL source for the database-source tests: its own database in the cluster the tests
 * already use (TEST_DATABASE_URL), owned by a login role of its own that may do anything there,
 * so a test proves that the read-only layers, not the grants, stop a write.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PgSource {
  host: string;
  port: number;
  database: string;
  writer: { username: string; password: string };
  /** A client of the source database as its owner. */
  owner: () => Promise<pg.Client>;
  drop: () => Promise<void>;
}

export async function createPgSource(
  base = process.env.TEST_DATABASE_URL as string,
  setup: string[] = [],
): Promise<PgSource> {
  const tag = randomBytes(5).toString('hex');
  const database = `atrium_source_${tag}`;
  const writer = { username: `atrium_writer_${tag}`, password: `Pw-${tag}` };
  const url = new URL(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create role ${writer.username} login password '${writer.password}'`);
    await admin.query(`create database ${database} owner ${writer.username}`);
  } finally {
    await admin.end();
  }
  const host = url.hostname;
  const port = Number(url.port || 5432);
  const owner = async () => {
    const client = new pg.Client({
      host,
      port,
      database,
      user: writer.username,
      password: writer.password,
    });
    await client.connect();
    return client;
  };
  const client = await owner();
  try {
    for (const statement of setup) await client.query(statement);
  } finally {
    await client.end();
  }
  return {
    host,
    port,
    database,
    writer,
    owner,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists ${database} with (force)`);
        await c.query(`drop role if exists ${writer.username}`);
      } finally {
        await c.end();
      }
    },
  };
}
