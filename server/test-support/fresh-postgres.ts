/**
 * A fresh database on the PostgreSQL server `base` names (TEST_DATABASE_URL in the tests), for a
 * test or benchmark that starts whole servers on it; `drop` removes it, connections and all.
 */
import pg from 'pg';

export async function freshPostgresDatabase(
  base: string,
  label: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `atrium_${label}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
